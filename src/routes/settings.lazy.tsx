import { createLazyRoute } from '@tanstack/react-router';
import { PushToggle } from '@/features/push/push-toggle';
import { SettingsPage } from '@/features/settings/components/settings-page';

export const Route = createLazyRoute('/_app/settings')({ component: Settings });

function Settings() {
  // Features never import each other, so the route composes the push toggle into the settings page.
  return <SettingsPage pushControl={<PushToggle />} />;
}
