import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AVATAR_IDS, avatarPath } from '../src/domain/avatars';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

describe('built-in avatars (scripts/generate-avatars.ts)', () => {
  it.each(AVATAR_IDS)('%s exists in public/ as a PNG', (id) => {
    const bytes = readFileSync(`${publicDir}${avatarPath(id)}`);
    expect([...bytes.subarray(0, 4)]).toEqual(PNG_SIGNATURE);
  });
});
