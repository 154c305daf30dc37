// A friend request shows its receiver who sent it (issue 18): get_public_profile answers the receiver of a
// pending request with the sender's card whatever the sender's visibility, without the sender's current
// gym, and answers no one else more than before. Once answered, the ordinary rule applies again.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, createUserWith, one, type Visibility } from './helpers';

const GYM = 'de-berlin-mcfit-alexanderplatz';

interface Card {
  id: string;
  username: string;
  current_gym_id: string | null;
  current_gym_name: string | null;
  friendship_status: string;
}

describeEachEngine('a pending sender’s profile card', (ctx) => {
  const card = (who: string, id: string) =>
    ctx.as(who, async (tx) => {
      const { rows } = await tx.query<Card>('select * from public.get_public_profile(null, $1::uuid)', [id]);
      return rows;
    });
  const send = (from: string, to: string) =>
    ctx.as(from, (tx) => tx.query('select public.send_friend_request($1, $2)', [to, clientId('fr')]));
  const requestId = (from: string, to: string) =>
    one<{ id: string }>(
      ctx.engine(),
      "select id from public.friend_requests where sender_id = $1 and receiver_id = $2 and status = 'pending'",
      [from, to],
    ).then((r) => r.id);

  let receiver: string;
  let stranger: string;
  beforeAll(async () => {
    receiver = await createUserWith(ctx, 'psreceiver', 'public');
    stranger = await createUserWith(ctx, 'psstranger', 'public');
  });

  for (const visibility of ['friends', 'private'] as const satisfies readonly Visibility[]) {
    describe(`a ${visibility} sender`, () => {
      let sender: string;
      beforeAll(async () => {
        sender = await createUserWith(ctx, `ps${visibility}`, visibility);
        // Where they train now (shown to whoever may see their presence).
        await ctx
          .engine()
          .query('update public.profiles set current_gym_id = $1 where id = $2', [GYM, sender]);
      });

      it('is hidden from the receiver before the request, and from strangers throughout', async () => {
        expect(await card(receiver, sender)).toEqual([]);
        await send(sender, receiver);
        expect(await card(stranger, sender)).toEqual([]);
        expect(await card('anon', sender)).toEqual([]);
      });

      it('shows the receiver name and handle while pending, but not where the sender is', async () => {
        const [row] = await card(receiver, sender);
        expect(row).toMatchObject({
          id: sender,
          friendship_status: 'request_received',
          current_gym_id: null,
          current_gym_name: null,
        });
        expect(row?.username).toMatch(/^ps/);
        // The sender's own view is unchanged (the gym is theirs to see).
        const [own] = await card(sender, sender);
        expect(own?.current_gym_id).toBe(GYM);
      });

      it('hides the sender again once the request is declined', async () => {
        const id = await requestId(sender, receiver);
        await ctx.as(receiver, (tx) => tx.query('select public.respond_friend_request($1, false)', [id]));
        expect(await card(receiver, sender)).toEqual([]);
      });
    });
  }
});
