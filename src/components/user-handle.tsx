import { formatHandle } from '@/domain/identity';
import classes from './user-handle.module.css';

export interface UserHandleProps {
  username: string;
  discriminator: string | number;
  /** The #1234 part in the dimmed colour (the gym's list); by default it reads as one name. */
  dimTag?: boolean;
}

/** `name#0042`, or the name alone while the discriminator is not a valid one (a row still loading). */
export function handleText(username: string, discriminator: string | number): string {
  try {
    return formatHandle(username, discriminator);
  } catch {
    return username;
  }
}

/**
 * A Spotter ID (`username#1234`) that fits any width: on a narrow phone the name part shrinks to an
 * ellipsis first and the `#1234` part, the one that tells two Annas apart, always shows whole (issue 37).
 * Its text is the whole handle (`anna#0042` for find-in-page and textContent); browsers compute an
 * accessible name with a space between its two boxes, so a link or button around it sets `aria-label`.
 */
export function UserHandle({ username, discriminator, dimTag = false }: UserHandleProps) {
  const handle = handleText(username, discriminator);
  const tag = handle.slice(username.length);
  return (
    <span className={classes.handle} data-handle={handle}>
      <span className={classes.name}>{username}</span>
      {tag !== '' && (
        <span className={dimTag ? `${classes.tag} ${classes.dimmedTag}` : classes.tag} data-handle-tag>
          {tag}
        </span>
      )}
    </span>
  );
}
