import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import classes from './challenge-details.module.css';

interface DisclosureProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}

/**
 * A section folded behind a button (the disclosure pattern: `aria-expanded`, `aria-controls`), each one
 * opening on its own. Lighter than Mantine's Accordion on the first screen, with the same look.
 */
export function Disclosure({ icon, label, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={classes.item} data-open={open || undefined}>
      <button
        type="button"
        className={classes.control}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
        <span className={classes.label}>{label}</span>
        <IconChevronDown size={16} className={classes.chevron} aria-hidden />
      </button>
      <div id={panelId} className={classes.panel} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
