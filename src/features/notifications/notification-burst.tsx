import { Button } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { formatRelative } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import type { NotificationGroup } from './notification-groups';
import { NotificationItem } from './notification-item';
import classes from './notifications-page.module.css';
import { useActor, type Actor } from './use-actor-name';
import type { AvatarSource } from '@/domain/avatars';

/** i18next's `t` narrowed to a plain key and options (the burst keys are built from the type). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface BurstRowProps {
  group: NotificationGroup<NotificationDoc>;
  /** The newest member's actor from the local database, when it is there. */
  localActor: Actor | undefined;
  now: Date;
  avatarOf: (actor: Actor | undefined, name: string | undefined) => AvatarSource;
  /** Opens the subject and marks every member read. */
  onOpenGroup: (group: NotificationGroup<NotificationDoc>) => void;
  /** One member as the list shows it alone (opens its subject, marks itself read, its own actions). */
  renderMember: (notification: NotificationDoc) => ReactNode;
}

/**
 * A burst as one row: the newest actor's avatar and name, "and N others", unread while any member is.
 * The row opens the subject and marks the whole burst read; "Show all" lists the members one by one
 * (each a join request with its own Accept/Decline, for instance).
 */
export function BurstRow({ group, localActor, now, avatarOf, onOpenGroup, renderMember }: BurstRowProps) {
  const { t } = useTranslation('notifications');
  const locale = useFormatLocale();
  const tr = t as unknown as Translate;
  const [expanded, setExpanded] = useState(false);
  const membersId = useId();
  const { newest } = group;
  const actor = useActor(newest.actor_id, localActor);
  const name = actor?.username ?? tr('someone');
  const others = Math.max(0, group.actorIds.length - 1);
  // The same person several times (two join requests of one friend) reads as one notification.
  const text =
    others > 0 ? tr(`bursts.${newest.type}`, { name, count: others }) : tr(`types.${newest.type}`, { name });
  const members = group.members.length;
  return (
    <NotificationItem
      notification={{ ...newest, is_read: !group.unread }}
      text={text}
      when={formatRelative(newest.created_at, now, locale)}
      onOpen={() => onOpenGroup(group)}
      avatar={avatarOf(actor, actor?.username)}
      burstSize={members}
      actions={
        <div className={classes.burst}>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={expanded}
            aria-controls={expanded ? membersId : undefined}
            rightSection={
              expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
            }
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? tr('bursts.hide') : tr('bursts.showAll', { count: members })}
          </Button>
          {expanded ? (
            <ul
              id={membersId}
              className={classes.list}
              aria-label={tr('bursts.membersLabel', { count: members })}
            >
              {group.members.map(renderMember)}
            </ul>
          ) : null}
        </div>
      }
    />
  );
}
