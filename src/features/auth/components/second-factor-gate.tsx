import { Center, Loader, Paper } from '@mantine/core';
import type { Session } from '@supabase/supabase-js';
import { Suspense } from 'react';
import { signOut } from '../data/auth-actions';
import { TwoFactorChallenge } from './two-factor-challenge';

/**
 * A protected route reached with a session that still owes its sign-in code (a reload during the code
 * step, a link opened in a new tab): the code form in place of the page. Verifying lets the guard through.
 */
export function SecondFactorGate({ session }: { session: Session }) {
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={420}>
        <Suspense fallback={<Loader />}>
          <TwoFactorChallenge
            session={session}
            onVerified={() => undefined}
            onCancel={async () => {
              await signOut();
            }}
          />
        </Suspense>
      </Paper>
    </Center>
  );
}
