import { Accordion, Badge, Group, List, Text } from '@mantine/core';
import { IconBulb, IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CARD_NAMESPACE } from './card-namespace';
import type { ChallengeContent } from './challenge-content';

/** Muscles as badges, then the instructions and tips folded away until asked for. */
export function ChallengeDetails({ content }: { content: ChallengeContent }) {
  const { t } = useTranslation(CARD_NAMESPACE);
  return (
    <>
      {content.muscles.length > 0 ? (
        <Group gap={6} aria-label={t('card.muscles')} role="list">
          {content.muscles.map((m) => (
            <Badge key={m} variant="outline" color="gray" radius="sm" role="listitem" tt="none">
              {m}
            </Badge>
          ))}
        </Group>
      ) : null}
      {content.instructions.length + content.tips.length > 0 ? (
        <Accordion variant="separated" radius="md" chevronPosition="right">
          {content.instructions.length > 0 ? (
            <Accordion.Item value="instructions">
              <Accordion.Control icon={<IconListNumbers size={18} aria-hidden />}>
                {t('card.instructions')}
              </Accordion.Control>
              <Accordion.Panel>
                <List type="ordered" spacing={6} size="sm">
                  {content.instructions.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </Accordion.Panel>
            </Accordion.Item>
          ) : null}
          {content.tips.length > 0 ? (
            <Accordion.Item value="tips">
              <Accordion.Control icon={<IconBulb size={18} aria-hidden />}>
                {t('card.tips')}
              </Accordion.Control>
              <Accordion.Panel>
                <List spacing={6} size="sm">
                  {content.tips.map((line) => (
                    <List.Item key={line}>
                      <Text size="sm">{line}</Text>
                    </List.Item>
                  ))}
                </List>
              </Accordion.Panel>
            </Accordion.Item>
          ) : null}
        </Accordion>
      ) : null}
    </>
  );
}
