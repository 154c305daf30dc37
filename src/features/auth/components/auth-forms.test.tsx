import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/support/browser/render';

// The forms answer with spec point 5's messages before any request is made (nothing is filled in or the
// values are wrong), in the user's language.

describe('sign-in form', () => {
  it('asks for a valid e-mail and a password (en)', async () => {
    const { user } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('answers in German (de)', async () => {
    const { user } = renderApp({ route: '/login', language: 'de' });
    await user.type(await screen.findByLabelText('E-Mail'), 'name@host');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeInTheDocument();
    expect(screen.getByText('Passwort ist erforderlich')).toBeInTheDocument();
  });

  it('offers remember me (on by default), forgot password and Google and Apple', async () => {
    const { user } = renderApp({ route: '/login' });
    expect(await screen.findByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'mia@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Reset your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('mia@example.com');
  });
});

describe('registration, variant A (default)', () => {
  it('reports every missing field, then a short password, a mismatch and the terms (en)', async () => {
    const { user } = renderApp({ route: '/register' });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
      'You must agree to the terms',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('First name'), 'Mia');
    await user.type(screen.getByLabelText('Last name'), 'Keller');
    await user.type(screen.getByLabelText('Email'), 'mia@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'shorts');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms')).toBeInTheDocument();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
  });

  it('answers in German (de)', async () => {
    const { user } = renderApp({ route: '/register', language: 'de' });
    await user.type(await screen.findByLabelText('Passwort'), 'abcdefgh');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'abcdefgX');
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Vorname ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    expect(screen.getByText('Du musst den Nutzungsbedingungen zustimmen')).toBeInTheDocument();
  });
});

describe('registration, variant B', () => {
  it('is chosen by ?variant=b and by the toggle', async () => {
    const { user, router } = renderApp({ route: '/register' });
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    await user.click(screen.getByText('A username'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ variant: 'b' });
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('needs a username of at least 3 characters after trimming (en)', async () => {
    const { user } = renderApp({ route: '/register?variant=b' });
    await user.type(await screen.findByLabelText('Username'), '  ab  ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('You must agree to the terms')).not.toBeInTheDocument();
  });

  it('stops the username at 12 characters, as its hint says (emoji count as one, as the server counts)', async () => {
    const { user } = renderApp({ route: '/register?variant=b' });
    const field = await screen.findByLabelText('Username');
    expect(screen.getByText('3 to 12 characters. Friends find you by it.')).toBeInTheDocument();
    await user.type(field, '  alexandrina_the_great');
    expect(field).toHaveValue('alexandrina_');
    await user.clear(field);
    await user.type(field, '💪💪💪💪💪💪💪💪💪💪💪💪💪💪');
    expect(Array.from((field as HTMLInputElement).value)).toHaveLength(12);
  });

  it('answers in German (de)', async () => {
    const { user } = renderApp({ route: '/register?variant=b', language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Benutzername ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('E-Mail-Adresse ist erforderlich')).toBeInTheDocument();
  });
});

describe('reset password without a recovery session', () => {
  it('explains that the link is invalid or expired', async () => {
    renderApp({ route: '/reset-password' });
    expect(
      await screen.findByText(
        'This reset link is invalid or has expired. Ask for a new one on the sign-in page.',
      ),
    ).toBeInTheDocument();
  });
});
