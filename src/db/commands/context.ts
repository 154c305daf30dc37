import { v7 as uuidv7 } from 'uuid';
import type { SpotterDatabase } from '../types';

/** What every write command needs: the signed-in user's database and id, and a clock (tests fix it). */
export interface CommandContext {
  db: SpotterDatabase;
  userId: string;
  now?: () => Date;
}

export const nowOf = (ctx: CommandContext): Date => (ctx.now ? ctx.now() : new Date());

/** Client-generated ids are UUIDv7: time-ordered, so rows sort by creation without a server round trip. */
export const newId = (): string => uuidv7();
