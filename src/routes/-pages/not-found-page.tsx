import { PublicShell } from '@/app/shell/public-shell';
import { NotFoundView } from '@/components/not-found-view';

export function NotFoundPage() {
  return (
    <PublicShell>
      <NotFoundView />
    </PublicShell>
  );
}
