import { createLazyRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/components/settings-page';

export const Route = createLazyRoute('/_app/settings')({ component: Settings });

function Settings() {
  // Push notifications: pass the push toggle here, `<SettingsPage pushControl={<PushToggle />} />`
  // (src/features/push; features never import each other, so the route composes them).
  return <SettingsPage />;
}
