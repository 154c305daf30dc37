import { Badge } from '@mantine/core';
import { IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How many flexes an activity has, as the feed shows it (no data access: the visitor's chunk uses it). */
export function FlexCount({ count }: { count: number }) {
  const { t } = useTranslation('people');
  return (
    <Badge
      size="xs"
      variant="light"
      color="pink"
      leftSection={<IconThumbUp size={10} aria-hidden />}
      tt="none"
    >
      {t('social.flexes', { count })}
    </Badge>
  );
}
