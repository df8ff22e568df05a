// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/index.ts';
import { lazyNamed } from '../../lib/lazyChunk.ts';
import { shellEn } from '../locales/en.ts';
import { ErrorBoundary, RouteErrorScreen } from './ErrorScreen.tsx';

const i18n = createI18n('en');
const reload = vi.fn();

beforeEach(() => {
  reload.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A console-like shell: navigation, then the pages under the in-shell error boundary. */
function renderShell(pages: Record<string, () => Promise<Record<string, () => React.JSX.Element>>>, path: string) {
  const children = Object.entries(pages).map(([name, load]) => {
    const Page = lazyNamed(load, name);
    return { path: name.toLowerCase(), element: <Page /> };
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <div>
            <nav>
              <Link to="/fine">Fine page</Link>
            </nav>
            <Suspense fallback={<p>loading</p>}>
              <Outlet />
            </Suspense>
          </div>
        ),
        errorElement: <RouteErrorScreen />,
        children: [{ errorElement: <RouteErrorScreen inShell />, children }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const fine = async () => ({ Fine: () => <h1>Fine content</h1> });

describe('a page whose code does not load', () => {
  it('says so beside the navigation and offers a reload', async () => {
    renderShell(
      { Broken: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), Fine: fine },
      '/broken',
    );
    expect(await screen.findByRole('heading', { name: shellEn.chunkError.title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(shellEn.chunkError.body);
    expect(screen.getByRole('link', { name: 'Fine page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: shellEn.chunkError.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the other pages reachable', async () => {
    renderShell({ Broken: () => Promise.reject(new TypeError('offline')), Fine: fine }, '/broken');
    await screen.findByRole('heading', { name: shellEn.chunkError.title });
    fireEvent.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(await screen.findByRole('heading', { name: 'Fine content' })).toBeTruthy();
  });
});

describe('a page that throws', () => {
  it('shows the general error screen, not the loading message', async () => {
    const Thrower = () => {
      throw new Error('bug');
    };
    renderShell({ Thrower: async () => ({ Thrower }) }, '/thrower');
    expect(await screen.findByRole('heading', { name: shellEn.errorScreen.title })).toBeTruthy();
    expect(screen.queryByText(shellEn.chunkError.title)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: shellEn.errorScreen.refresh }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorBoundary', () => {
  it('shows the reload message for code that failed to load outside the router', async () => {
    const Broken = lazyNamed(() => Promise.reject(new TypeError('offline')) as Promise<{ X: () => null }>, 'X');
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: shellEn.chunkError.title })).toBeTruthy();
  });
});
