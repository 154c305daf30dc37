import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GymDoc } from '@/db/schemas/gyms';
import { HOME_GYMS_MAX } from '@/domain/constants';
import { searchGyms, toggleSelection } from '../model/gym-search';

export interface HomeGymPickerProps {
  opened: boolean;
  gyms: readonly GymDoc[];
  initial: readonly string[];
  saving: boolean;
  onSave: (gymIds: string[]) => void;
  onClose: () => void;
}

/** Choose up to 3 home gyms from the verified gyms, searchable by name, city, address or postal code. */
export function HomeGymPicker(props: HomeGymPickerProps) {
  const { t } = useTranslation('gym');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('picker.title')} size="lg">
      {/* Mounted only while open, so every opening starts from the saved selection. */}
      {props.opened ? <PickerBody {...props} /> : null}
    </Modal>
  );
}

function PickerBody({ gyms, initial, saving, onSave, onClose }: HomeGymPickerProps) {
  const { t } = useTranslation('gym');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>(() => [...initial]);
  const matches = useMemo(() => searchGyms(gyms, query), [gyms, query]);
  const full = selected.length >= HOME_GYMS_MAX;

  return (
    <Stack gap="sm">
      <TextInput
        label={t('picker.search')}
        placeholder={t('picker.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-autofocus
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('picker.selected', { count: selected.length, max: HOME_GYMS_MAX })}
        </Text>
        {full ? (
          <Text size="sm" c="dimmed">
            {t('picker.limit')}
          </Text>
        ) : null}
      </Group>
      {gyms.length === 0 ? (
        <Alert color="yellow">{t('picker.noGyms')}</Alert>
      ) : matches.length === 0 ? (
        <Text c="dimmed">{t('picker.noResults')}</Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap="xs" role="group" aria-label={t('picker.title')}>
            {matches.map((gym) => {
              const checked = selected.includes(gym.id);
              return (
                <Checkbox
                  key={gym.id}
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => setSelected((s) => toggleSelection(s, gym.id, HOME_GYMS_MAX))}
                  label={gym.name}
                  description={`${gym.address}, ${gym.postal_code ?? ''} ${gym.city}`.replace(/ {2,}/g, ' ')}
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          {t('picker.cancel')}
        </Button>
        <Button loading={saving} onClick={() => onSave(selected)}>
          {t('picker.save')}
        </Button>
      </Group>
    </Stack>
  );
}
