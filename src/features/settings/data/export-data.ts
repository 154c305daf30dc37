// "Export my data": the export_my_data RPC (everything the server stores about me, as one JSON document)
// through the sync worker's online-only RPC, saved as a file. It needs the network: there is no offline copy
// of other people's rows or of server-side records such as XP events.
import type { SyncWorkerClient } from '@/sync/sync-worker-client';

export type ExportResult =
  { ok: true; fileName: string } | { ok: false; reason: 'offline' | 'failed'; message: string };

/** `spotter-data-2026-11-22.json` (the local calendar day). */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `spotter-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** Hands `json` to the browser as a file download. */
export function downloadJson(json: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function exportMyData(
  sync: Pick<SyncWorkerClient, 'rpc'>,
  now: Date = new Date(),
  online: boolean = globalThis.navigator?.onLine ?? true,
): Promise<ExportResult> {
  if (!online) return { ok: false, reason: 'offline', message: '' };
  const result = await sync.rpc('export_my_data');
  if (!result.ok) {
    const offline = result.error.status === 0 && result.error.code === 'network';
    return { ok: false, reason: offline ? 'offline' : 'failed', message: result.error.message };
  }
  const fileName = exportFileName(now);
  downloadJson(result.data, fileName);
  return { ok: true, fileName };
}
