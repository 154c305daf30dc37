import { useState } from 'react';

/** Form values with one change handler per text field. */
export function useFormValues<V extends { [K in keyof V]: string | boolean }>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const text = (field: keyof V) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };
  const check = (field: keyof V) => (event: { currentTarget: { checked: boolean } }) => {
    const checked = event.currentTarget.checked;
    setValues((previous) => ({ ...previous, [field]: checked }));
  };
  return { values, text, check };
}
