// Mantine's Tooltip and the floating-ui positioning it brings, as their own chunk (lazy-tooltip.tsx).
export { Tooltip } from '@mantine/core';
