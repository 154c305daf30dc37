import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WORKOUT_TYPES } from '@/db/schemas/workouts';
import {
  applyPreset,
  changeType,
  earnsPlanningXp,
  PRESETS,
  REMINDER_CHOICES,
  validateWorkoutForm,
  type ValidationResult,
  type WorkoutFormErrors,
  type WorkoutFormValues,
} from '../model/workout-form';
import classes from './schedule.module.css';
import { reminderLabel, WorkoutTypeIcon } from './workout-labels';

type ValidInput = Extract<ValidationResult, { ok: true }>['input'];

interface WorkoutFormModalProps {
  opened: boolean;
  mode: 'create' | 'edit';
  initial: WorkoutFormValues;
  today: string;
  /** Dates that already hold one of the user's workouts (no second +5 XP). */
  plannedDates: ReadonlySet<string>;
  onClose: () => void;
  /** Resolves true when saved (the modal then closes). */
  onSubmit: (input: ValidInput) => Promise<boolean>;
}

/** Add or edit a workout. Mounted fresh per opening (a `key`), so `initial` is read once. */
export function WorkoutFormModal(props: WorkoutFormModalProps) {
  const { t } = useTranslation('schedule');
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<WorkoutFormErrors>({});
  const [saving, setSaving] = useState(false);
  const presetLabelId = useId();
  const set = (patch: Partial<WorkoutFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const err = (field: keyof WorkoutFormErrors) => {
    const key = errors[field];
    return key ? t(`form.errors.${key}`) : undefined;
  };
  const ownDate = props.mode === 'edit' ? props.initial.date : null;
  const otherDates = new Set([...props.plannedDates].filter((d) => d !== ownDate));
  const earnsXp = earnsPlanningXp(values.date, props.today, otherDates);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWorkoutForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const saved = await props.onSubmit(result.input);
    setSaving(false);
    if (saved) props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.mode === 'create' ? t('form.addTitle') : t('form.editTitle')}
      radius="lg"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <div role="group" aria-labelledby={presetLabelId}>
            <Group justify="space-between" mb={6}>
              <Text id={presetLabelId} fw={600} fz="sm">
                {t('presets.label')}
              </Text>
            </Group>
            <Group gap="xs">
              {PRESETS.map((preset) => {
                const active = values.preset === preset.id;
                return (
                  <Button
                    key={preset.id}
                    type="button"
                    size="compact-md"
                    radius="xl"
                    variant={active ? 'filled' : 'light'}
                    aria-pressed={active}
                    leftSection={<WorkoutTypeIcon type={preset.type} size={16} />}
                    rightSection={
                      <Text span fz="xs" fw={800}>
                        {t('presets.hint')}
                      </Text>
                    }
                    onClick={() => {
                      setValues((v) => applyPreset(v, preset));
                      setErrors(({ type: _type, duration: _duration, ...rest }) => rest);
                    }}
                  >
                    {t(`presets.${preset.id}`)}
                  </Button>
                );
              })}
            </Group>
          </div>

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label={t('form.type')}
              placeholder={t('form.typePlaceholder')}
              data={WORKOUT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              value={values.type === '' ? null : values.type}
              onChange={(value) => setValues((v) => changeType(v, value ?? ''))}
              error={err('type')}
              allowDeselect={false}
              required
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              type="date"
              label={t('form.date')}
              value={values.date}
              onChange={(e) => set({ date: e.currentTarget.value })}
              error={err('date')}
              required
            />
            <TextInput
              type="time"
              label={t('form.time')}
              description={t('form.timeDescription')}
              value={values.time}
              onChange={(e) => set({ time: e.currentTarget.value })}
              error={err('time')}
            />
            <TextInput
              label={t('form.duration')}
              description={t('form.timeDescription')}
              placeholder={t('form.durationPlaceholder')}
              inputMode="numeric"
              value={values.duration}
              onChange={(e) => set({ duration: e.currentTarget.value })}
              error={err('duration')}
            />
          </SimpleGrid>

          <Select
            label={t('form.reminder')}
            description={t('form.reminderDescription')}
            data={[
              { value: 'none', label: t('form.reminderNone') },
              ...REMINDER_CHOICES.map((m) => ({ value: String(m), label: reminderLabel(t, m) })),
            ]}
            value={values.reminder}
            onChange={(value) => set({ reminder: value ?? 'none' })}
            error={err('reminder')}
            allowDeselect={false}
          />

          <Textarea
            label={t('form.notes')}
            placeholder={t('form.notesPlaceholder')}
            rows={3}
            resize="vertical"
            value={values.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
            error={err('notes')}
          />

          <Group
            gap="xs"
            fz="sm"
            wrap="nowrap"
            data-testid="xp-hint"
            {...(earnsXp ? { className: classes.xpHint } : { c: 'dimmed' })}
          >
            <IconSparkles size={16} aria-hidden style={{ flexShrink: 0 }} />
            <span>{earnsXp ? t('form.xpHint') : t('form.noXpHint')}</span>
          </Group>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" type="button" onClick={props.onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {props.mode === 'create' ? t('form.create') : t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
