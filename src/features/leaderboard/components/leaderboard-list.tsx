import { Stack } from '@mantine/core';
import type { LeaderboardRow } from '@/db/local-state';
import { LeaderboardRowItem } from './leaderboard-row';

/** An ordered list of board rows (rank is shown per row: ties share it). */
export function LeaderboardList({ rows, label }: { rows: readonly LeaderboardRow[]; label?: string }) {
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {rows.map((row) => (
        <LeaderboardRowItem key={row.user_id} row={row} />
      ))}
    </Stack>
  );
}
