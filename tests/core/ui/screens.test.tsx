import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { setupUser } from '../../user';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { reportError } from '@/core/errors';
import type * as ErrorsModule from '@/core/errors';
import {
  AppErrorBoundary,
  RouteErrorBoundary,
  WidgetErrorBoundary,
} from '@/core/ui/error-boundary';
import {
  BlockingOverlay,
  createLoaderCounter,
  FullScreenLoader,
  GlobalLoaderProvider,
  useGlobalLoader,
} from '@/core/ui/loaders';
import { pageTitle, PortalProvider, useDocumentTitle } from '@/core/ui/portal';
import { ErrorScreen, NotFoundScreen, NOT_FOUND_TEXT } from '@/core/ui/screens';
import {
  isTestOrigin,
  PageFrame,
  TEST_BORDER_COLOUR,
  TEST_ORIGIN_MARKER,
} from '@/core/shell/frame';

vi.mock('@/core/errors', async (importOriginal) => ({
  ...(await importOriginal<typeof ErrorsModule>()),
  reportError: vi.fn(),
}));

describe('not-found screen (SPEC §2)', () => {
  it('shows a heading, the SPEC text and Go back home to the dashboard overview', () => {
    render(
      <MemoryRouter>
        <NotFoundScreen />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(NOT_FOUND_TEXT).toBe(
      'Oops! Looks like you followed a bad link. If you think this is a problem with us, please tell us.',
    );
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});

describe('error screen (SPEC §2)', () => {
  it("shows 'Something has gone wrong', the message and Go back home to the landing page", () => {
    render(<ErrorScreen error={new Error('The server is on fire')} />);
    expect(screen.getByRole('heading', { name: 'Something has gone wrong' })).toBeInTheDocument();
    expect(screen.getByText('The server is on fire')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('shows a string error as it is', () => {
    render(<ErrorScreen error="Plain words" />);
    expect(screen.getByText('Plain words')).toBeInTheDocument();
  });
});

function Boom(): never {
  throw new Error('Render exploded');
}

describe('error boundaries', () => {
  it('catch a render error, report it, and clear on navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setupUser();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Boom />} />
            <Route path="/fine" element={<p>All good</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something has gone wrong' })).toBeInTheDocument();
    expect(screen.getByText('Render exploded')).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Render exploded' }),
      expect.objectContaining({ level: 'route' }),
    );
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByText('Something has gone wrong')).not.toBeInTheDocument();
  });

  it('the app-level boundary keeps a main landmark', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <AppErrorBoundary>
          <Boom />
        </AppErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('main')).toHaveTextContent('Something has gone wrong');
    expect(reportError).toHaveBeenCalledWith(
      expect.any(Error),
      expect.objectContaining({ level: 'app' }),
    );
  });
});

describe('loaders (SPEC §2, §4)', () => {
  it('the full-screen loader is a status', () => {
    render(<FullScreenLoader />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it("the blocking overlay has a loader and the visually hidden text 'Loading'", () => {
    render(<BlockingOverlay />);
    const overlay = screen.getByRole('status');
    expect(overlay).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading')).toHaveClass('visually-hidden');
  });

  it('the counter rises and falls and never goes below 0', () => {
    const counter = createLoaderCounter();
    counter.hide();
    expect(counter.get()).toBe(0);
    counter.show();
    counter.show();
    expect(counter.get()).toBe(2);
    counter.hide();
    counter.hide();
    counter.hide();
    expect(counter.get()).toBe(0);
    counter.show();
    expect(counter.get()).toBe(1);
  });

  it('shows the overlay while the global counter is above 0', async () => {
    const { result } = renderHook(() => useGlobalLoader(), { wrapper: GlobalLoaderProvider });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      result.current.show();
      result.current.show();
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    act(() => {
      result.current.hide();
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      result.current.hide();
      result.current.hide();
    });
    expect(result.current.count).toBe(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    let resolve: (v: string) => void = () => undefined;
    let tracked: Promise<string> = Promise.resolve('');
    act(() => {
      tracked = result.current.track(new Promise<string>((r) => (resolve = r)));
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      resolve('done');
      await tracked;
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('test-environment border (SPEC §1)', () => {
  it('recognises origins holding the test marker', () => {
    expect(TEST_ORIGIN_MARKER).toBe('test');
    expect(isTestOrigin('https://portal-test.example.com')).toBe(true);
    expect(isTestOrigin('https://TEST.example.com')).toBe(true);
    expect(isTestOrigin('https://portal.example.com')).toBe(false);
  });

  it('draws a fixed-colour dashed border on a test origin only', () => {
    // jsdom's origin is http://localhost:3000: no marker.
    const { container, unmount } = render(<PageFrame>x</PageFrame>);
    expect(container.firstElementChild).not.toHaveAttribute('data-test-environment');
    unmount();
    const original = window.location;
    vi.stubGlobal('location', { ...original, origin: 'https://portal-test.example.com' });
    const framed = render(<PageFrame>x</PageFrame>);
    const frame = framed.container.firstElementChild as HTMLElement;
    expect(frame).toHaveAttribute('data-test-environment');
    expect(frame.style.border).toContain('dashed');
    expect(frame.style.border.replace(/\s/g, '')).toContain('4pxdashed');
    expect(TEST_BORDER_COLOUR).toMatch(/^#[0-9a-f]{6}$/i);
    vi.unstubAllGlobals();
  });
});

describe('document titles', () => {
  it('puts the page name before the portal name', () => {
    expect(pageTitle('Users', 'Organization Portal')).toBe('Users - Organization Portal');
    expect(pageTitle(undefined, 'Site Portal')).toBe('Site Portal');
    function Page() {
      useDocumentTitle('Blasts');
      return null;
    }
    render(
      <PortalProvider portal="site">
        <Page />
      </PortalProvider>,
    );
    expect(document.title).toBe('Blasts - Site Portal');
  });
});

describe('widget boundary', () => {
  it('shows a small notice in place of the broken widget only', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <p>Rest of the page</p>
        <WidgetErrorBoundary>
          <Boom />
        </WidgetErrorBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the page could not be shown: Render exploded',
    );
    expect(screen.getByText('Rest of the page')).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(
      expect.any(Error),
      expect.objectContaining({ level: 'widget' }),
    );
  });
});
