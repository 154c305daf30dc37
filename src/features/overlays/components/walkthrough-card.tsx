import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { WalkthroughStep } from '../model/walkthrough-steps';
import { prefersReducedMotion } from '../model/device';
import classes from './walkthrough.module.css';

const GAP = 12;
const PAD = 6;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

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

/** Below the target when there is room, else above it, else at the bottom of the screen. */
function cardPosition(box: Box, cardHeight: number): CSSProperties {
  const width = Math.min(340, window.innerWidth - 24);
  const left = Math.min(Math.max(box.left + box.width / 2 - width / 2, GAP), window.innerWidth - width - GAP);
  const below = box.top + box.height + PAD + GAP;
  if (below + cardHeight <= window.innerHeight - GAP) return { top: below, left };
  const above = box.top - PAD - GAP - cardHeight;
  if (above >= GAP) return { top: above, left };
  return { bottom: GAP, left };
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

  // Bring an off-screen target into view; one already (partly) on screen stays put, so the page does
  // not jump under the user.
  useEffect(() => {
    const r = target.getBoundingClientRect();
    if (r.bottom > 0 && r.top < window.innerHeight) return;
    target.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [target]);

  if (box === null) return null;
  const interaction = step.awaitRoute !== undefined;
  const last = index === total - 1;
  const titleId = `walkthrough-title-${step.id}`;
  const key = `walkthrough.steps.${step.id}` as 'walkthrough.steps.homeFeed';

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
        style={cardPosition(box, cardHeight)}
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
