// Testing Library's matchers (registered in test/setup/components.ts) for the app typecheck of the tests.
import '@testing-library/jest-dom/vitest';
