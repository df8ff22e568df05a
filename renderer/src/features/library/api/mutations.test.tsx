// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient.ts';

const show = vi.fn();
vi.mock('../../../components/toaster.ts', () => ({ toaster: { show }, toastError: show, toastSuccess: show }));
const { useSyncLibraryMutation } = await import('./mutations.ts');

afterEach(() => {
  cleanup();
  show.mockReset();
});

describe('library mutations', () => {
  it('a failure is reported once, by the app-wide mutation handler', async () => {
    const syncNow = vi.fn().mockRejectedValue(new Error('backend_unavailable: offline'));
    vi.stubGlobal('concierge', { library: { syncNow } });
    const reported = vi.fn();
    const client = createQueryClient(reported);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSyncLibraryMutation(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync(undefined).catch(() => undefined);
    });
    expect(syncNow).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
