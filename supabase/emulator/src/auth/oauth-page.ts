/** The "pick a test identity" page the emulator shows instead of Google's or Apple's sign-in. */

const TEST_IDENTITIES: Record<string, Array<{ name: string; email: string }>> = {
  google: [
    { name: 'Alex Rivera', email: 'alex.rivera@gmail.test' },
    { name: 'Sam Lee', email: 'sam.lee@gmail.test' },
  ],
  apple: [
    { name: 'Jordan Kim', email: 'jordan.kim@icloud.test' },
    { name: 'Hidden e-mail', email: 'x7k2m9@privaterelay.appleid.test' },
  ],
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface AuthorizePageInput {
  provider: string;
  providerKey: string;
  state: string;
  callbackUrl: string;
}

export function authorizePage(input: AuthorizePageInput): string {
  const action = escapeHtml(input.callbackUrl);
  const state = escapeHtml(input.state);
  const hidden = `<input type="hidden" name="state" value="${state}">`;
  const presets = (TEST_IDENTITIES[input.providerKey] ?? [])
    .map(
      (identity) => `<form method="post" action="${action}" class="identity">
      ${hidden}
      <input type="hidden" name="email" value="${escapeHtml(identity.email)}">
      <input type="hidden" name="name" value="${escapeHtml(identity.name)}">
      <button type="submit">Continue as <strong>${escapeHtml(identity.name)}</strong><br><small>${escapeHtml(identity.email)}</small></button>
    </form>`,
    )
    .join('\n');
  const provider = escapeHtml(input.provider);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${provider} (Spotter emulator)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2933; margin: 0; padding: 32px 16px; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.note { color: #52606d; font-size: 14px; margin: 0 0 20px; }
  form { margin: 0 0 12px; }
  button { width: 100%; text-align: left; padding: 12px 16px; border: 1px solid #cbd2d9; border-radius: 8px; background: #fff; font-size: 15px; cursor: pointer; }
  button:hover { border-color: #e8590c; }
  label { display: block; font-size: 14px; margin: 8px 0 4px; }
  input[type=email], input[type=text] { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #cbd2d9; border-radius: 6px; font-size: 15px; }
  .custom button { margin-top: 12px; text-align: center; background: #e8590c; color: #fff; border: 0; }
  a.cancel { display: block; text-align: center; margin-top: 16px; color: #52606d; font-size: 14px; }
</style></head>
<body><main>
  <h1>Sign in with ${provider}</h1>
  <p class="note">Local Spotter emulator: no real ${provider} account is used. Pick a test identity.</p>
  ${presets}
  <form method="post" action="${action}" class="custom">
    ${hidden}
    <label for="email">Another e-mail address</label>
    <input id="email" name="email" type="email" required autocomplete="off">
    <label for="name">Name</label>
    <input id="name" name="name" type="text" maxlength="100" autocomplete="off">
    <button type="submit">Continue</button>
  </form>
  <form method="post" action="${action}">
    ${hidden}
    <input type="hidden" name="error" value="access_denied">
    <input type="hidden" name="error_description" value="The user cancelled the sign-in">
    <button type="submit" style="text-align:center">Cancel</button>
  </form>
</main></body></html>`;
}
