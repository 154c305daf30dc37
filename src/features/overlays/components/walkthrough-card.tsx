import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { WalkthroughStep } from '../model/walkthrough-steps';
import { GAP, PAD, placeCard, type Rect } from '../model/walkthrough-placement';
import { visibleTarget } from './use-walkthrough';
import classes from './walkthrough.module.css';

/** The target's box on screen, and its top on the page (read in the same frame). */
type Box = Rect & { pageTop: number };

const sameBox = (a: Box, b: Box) =>
  a.top === b.top &&
  a.left === b.left &&
  a.width === b.width &&
  a.height === b.height &&
  a.pageTop === b.pageTop;

/**
 * Follows the target's box every frame while shown (layout shifts, scrolling, resizing). A target that
 * React replaced meanwhile (a card that remounts once its data arrives) is found again by the step's
 * selector: the detached element would measure 0,0 and pin the card to the top of the screen.
 */
function useTargetBox(target: Element, step: WalkthroughStep): { box: Box | null; element: Element } {
  const [box, setBox] = useState<Box | null>(null);
  // The element found again for this step's target, if React replaced it (reset with a new target).
  const [found, setFound] = useState<{ for: Element; element: Element } | null>(null);
  const element = found !== null && found.for === target ? found.element : target;
  useLayoutEffect(() => {
    let frame = 0;
    let current = target;
    const measure = () => {
      if (!current.isConnected) {
        const again = visibleTarget(step);
        if (again !== null) {
          current = again;
          setFound({ for: target, element: again });
        }
      }
      const r = current.getBoundingClientRect();
      const next = {
        top: r.top,
        left: r.left,
        width: r.width,
        height: r.height,
        pageTop: Math.round(r.top + window.scrollY),
      };
      setBox((previous) => (previous !== null && sameBox(previous, next) ? previous : next));
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => cancelAnimationFrame(frame);
  }, [target, step]);
  return { box, element };
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
  const { box, element } = useTargetBox(target, step);
  const card = useRef<HTMLDivElement>(null);
  const [cardHeight, setCardHeight] = useState(200);

  useLayoutEffect(() => {
    if (card.current) setCardHeight(card.current.offsetHeight);
  }, [step.id]);

  // Bring a target into view unless it is wholly on screen already (so the page does not jump under the
  // user): once per step, when it is first measured. A target peeking in at the bottom edge (behind a
  // phone's tab bar) counts as off screen. One too tall for the screen goes to the top; placeCard below
  // then scrolls it so that the card has room.
  // Keyed by the step and where the target sits on the page: when content above it loads and moves it, or
  // the target itself grows from a placeholder (a new user's home fills in after the tour starts), it is
  // brought into view again; the user's own scrolling moves neither, so it never fights them.
  const shownFor = useRef<string | null>(null);
  const wholly = box !== null && box.top >= 0 && box.top + box.height <= window.innerHeight;
  // Its place and height on the page: a loading skeleton that grows into the card is a new target shape.
  const where = box === null ? null : `${box.pageTop}:${Math.round(box.height)}`;
  useEffect(() => {
    const key = `${step.id}@${String(where)}`;
    // A box with no size is not laid out yet (or hidden while its content loads): at 0,0 it would count
    // as on screen, and the step would never scroll its real target into view.
    if (box === null || (box.width === 0 && box.height === 0) || shownFor.current === key) return;
    shownFor.current = key;
    if (wholly) return;
    // The spotlight, the card and a gap above, between and below them.
    const fits = box.height + PAD * 2 + cardHeight + GAP * 3 <= window.innerHeight;
    element.scrollIntoView({
      block: fits ? 'center' : 'start',
      // At once, not smoothly: the card's own adjustment below measures the target where this leaves it,
      // and a smooth scroll was cut short by that adjustment or by content still loading.
      behavior: 'auto',
    });
  }, [box, wholly, element, step.id, cardHeight, where]);

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
  const onScreen = box !== null && box.top < window.innerHeight && box.top + box.height > 0;
  const scrollBy = placement?.scrollBy ?? 0;
  useEffect(() => {
    // Only once the target is on screen (brought there above): a correction measured before that would
    // undo the scroll.
    if (scrollBy === 0 || scrolled.current === step.id || !onScreen) return;
    scrolled.current = step.id;
    window.scrollBy({ top: scrollBy, behavior: 'auto' });
  }, [scrollBy, step.id, onScreen]);

  if (box === null || placement === null) return null;
  const interaction = step.awaitRoute !== undefined;
  const last = index === total - 1;
  const titleId = `walkthrough-title-${step.id}`;
  // A target can ask for the text that fits its state (the gym's "choose a home gym first" prompt).
  const textId = element.getAttribute('data-walkthrough-text') ?? step.id;
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
