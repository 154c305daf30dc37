import { Badge, Group, List, Text } from '@mantine/core';
import { IconBulb, IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CARD_NAMESPACE } from './card-namespace';
import type { ChallengeContent } from './challenge-content';
import { Disclosure } from './disclosure';

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
        <div>
          {content.instructions.length > 0 ? (
            <Disclosure icon={<IconListNumbers size={18} aria-hidden />} label={t('card.instructions')}>
              <List type="ordered" spacing={6} size="sm">
                {content.instructions.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Disclosure>
          ) : null}
          {content.tips.length > 0 ? (
            <Disclosure icon={<IconBulb size={18} aria-hidden />} label={t('card.tips')}>
              <List spacing={6} size="sm">
                {content.tips.map((line) => (
                  <List.Item key={line}>
                    <Text size="sm">{line}</Text>
                  </List.Item>
                ))}
              </List>
            </Disclosure>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
