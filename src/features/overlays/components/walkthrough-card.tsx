import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { WalkthroughStep } from '../model/walkthrough-steps';
import { prefersReducedMotion } from '../model/device';
import { GAP, PAD, placeCard, type Rect } from '../model/walkthrough-placement';
import classes from './walkthrough.module.css';

type Box = Rect;

const sameBox = (a: Box | null, b: Box) =>
  a !== null && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height;

/** Follows the target's box every frame while shown (layout shifts, scrolling, resizing). */
function useTargetBox(target: Element): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      const r = target.getBoundingClientRect();
      const next = { top: r.top, left: r.left, width: r.width, height: r.height };
      setBox((previous) => (sameBox(previous, next) ? previous : next));
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return box;
}

export interface WalkthroughCardProps {
  step: WalkthroughStep;
  index: number;
  total: number;
  target: Element;
  onNext: () => void;
  onBack: () => void;
  onSkip: () => void;
}

/**
 * The step's card beside a spotlight on its target. Not modal: the page stays usable (interaction steps
 * need the tab itself), and the dimming lets every click through.
 */
export function WalkthroughCard({
  step,
  index,
  total,
  target,
  onNext,
  onBack,
  onSkip,
}: WalkthroughCardProps) {
  const { t } = useTranslation('overlays');
  const box = useTargetBox(target);
  const card = useRef<HTMLDivElement>(null);
  const [cardHeight, setCardHeight] = useState(200);

  useLayoutEffect(() => {
    if (card.current) setCardHeight(card.current.offsetHeight);
  }, [step.id]);

  // Bring a target into view unless it is wholly on screen already (so the page does not jump under the
  // user): once per step, when it is first measured. A target peeking in at the bottom edge (behind a
  // phone's tab bar) counts as off screen. One too tall for the screen goes to the top; placeCard below
  // then scrolls it so that the card has room.
  const shownFor = useRef<string | null>(null);
  const wholly = box !== null && box.top >= 0 && box.top + box.height <= window.innerHeight;
  useEffect(() => {
    if (box === null || shownFor.current === step.id) return;
    shownFor.current = step.id;
    if (wholly) return;
    // The spotlight, the card and a gap above, between and below them.
    const fits = box.height + PAD * 2 + cardHeight + GAP * 3 <= window.innerHeight;
    target.scrollIntoView({
      block: fits ? 'center' : 'start',
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [box, wholly, target, step.id, cardHeight]);

  const cardWidth = Math.min(340, window.innerWidth - 24);
  const placement =
    box === null
      ? null
      : placeCard(
          box,
          { width: cardWidth, height: cardHeight },
          { width: window.innerWidth, height: window.innerHeight },
          {
            y: window.scrollY,
            max: Math.max(0, document.documentElement.scrollHeight - window.innerHeight),
          },
        );
  // A target too tall to leave room for the card (the calendar on a phone) is scrolled once per step so
  // the card sits beside it; measuring every frame then places the card there.
  const scrolled = useRef<string | null>(null);
  const scrollBy = placement?.scrollBy ?? 0;
  useEffect(() => {
    if (scrollBy === 0 || scrolled.current === step.id) return;
    scrolled.current = step.id;
    window.scrollBy({ top: scrollBy, behavior: 'auto' });
  }, [scrollBy, step.id]);

  if (box === null || placement === null) return null;
  const interaction = step.awaitRoute !== undefined;
  const last = index === total - 1;
  const titleId = `walkthrough-title-${step.id}`;
  // A target can ask for the text that fits its state (the gym's "choose a home gym first" prompt).
  const textId = target.getAttribute('data-walkthrough-text') ?? step.id;
  const key = `walkthrough.steps.${textId}` as 'walkthrough.steps.homeFeed';

  return createPortal(
    <>
      <div
        aria-hidden
        className={classes.spotlight}
        style={{
          top: box.top - PAD,
          left: box.left - PAD,
          width: box.width + 2 * PAD,
          height: box.height + 2 * PAD,
        }}
      />
      <Paper
        ref={card}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-body`}
        data-testid="walkthrough"
        shadow="xl"
        radius="md"
        p="md"
        withBorder
        className={classes.card}
        style={{ top: placement.top, left: placement.left }}
      >
        <Stack gap="xs">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('walkthrough.label')} · {t('walkthrough.stepCount', { current: index + 1, total })}
          </Text>
          <Title order={2} size="h4" id={titleId}>
            {t(`${key}.title`)}
          </Title>
          <Text size="sm" id={`${titleId}-body`}>
            {t(`${key}.body`)}
            {interaction ? ` ${t('walkthrough.tapToContinue')}` : ''}
          </Text>
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" size="compact-sm" onClick={onSkip}>
              {t('walkthrough.skip')}
            </Button>
            <Group gap="xs">
              <Button variant="default" size="compact-sm" onClick={onBack} disabled={index === 0}>
                {t('walkthrough.back')}
              </Button>
              {interaction ? null : (
                <Button size="compact-sm" onClick={onNext}>
                  {last ? t('walkthrough.done') : t('walkthrough.next')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Paper>
    </>,
    document.body,
  );
}
