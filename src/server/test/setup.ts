import { afterEach, beforeEach, expect, vi } from 'vitest';

// A stray console.error is a bug the test did not expect.
beforeEach(() => {
  vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(console.error, 'console.error was called during the test').not.toHaveBeenCalled();
  vi.restoreAllMocks();
});
