import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Spotter's violet: shade 6 carries white text at 6.1:1 (light scheme), shade 5 at 5.3:1 (dark scheme).
const spotter: MantineColorsTuple = [
  '#f2eeff',
  '#e2d9ff',
  '#c2b0fb',
  '#a286f7',
  '#8762f3',
  '#7548f0',
  '#6a3aee',
  '#5a2ed4',
  '#4f27be',
  '#4220a8',
];

// The streak flame: warm accent for streaks and celebrations, never for body text.
const flame: MantineColorsTuple = [
  '#fff3e6',
  '#ffe3cc',
  '#ffc599',
  '#ffa463',
  '#ff8836',
  '#ff7619',
  '#ff6c08',
  '#e35a00',
  '#ca4f00',
  '#b04200',
];

const fontStack =
  'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'spotter',
  primaryShade: { light: 6, dark: 5 },
  colors: { spotter, flame },
  fontFamily: fontStack,
  headings: {
    fontFamily: fontStack,
    fontWeight: '800',
    sizes: {
      h1: { fontSize: 'clamp(2rem, 1.4rem + 2.6vw, 3.25rem)', lineHeight: '1.1' },
      h2: { fontSize: 'clamp(1.5rem, 1.2rem + 1.2vw, 2.125rem)', lineHeight: '1.2' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  cursorType: 'pointer',
  autoContrast: true,
  luminanceThreshold: 0.45,
});

// Mantine's dark scheme draws links and light variants with shade 4, which is below WCAG AA (4.5:1) on the
// dark body; shade 3 reaches 5.4:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-anchor': 'var(--mantine-color-spotter-3)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-spotter-3)',
  },
});
