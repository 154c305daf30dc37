/** Placeholder until realtime lands: WebSocket upgrades are refused. */
import type { Server } from 'node:http';
import type { EmulatorContext } from '../context';

export interface RealtimeHandle {
  close(): Promise<void>;
}

export async function attachRealtime(_ctx: EmulatorContext, server: Server): Promise<RealtimeHandle> {
  const refuse = (_req: unknown, socket: { destroy(): void }) => socket.destroy();
  server.on('upgrade', refuse);
  return {
    close: async () => {
      server.off('upgrade', refuse);
    },
  };
}
