import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HashRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from './hash-router.tsx';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function Buttons() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <button type="button" onClick={() => navigate('/b?x=1')}>
        push
      </button>
      <button type="button" onClick={() => navigate('/c', { replace: true })}>
        replace
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
      <button
        type="button"
        onClick={() => setParams((p) => ({ x: String(Number(p.get('x') ?? 0) + 1), tag: ['a', 'b'] }), { replace: true })}
      >
        count
      </button>
      <span data-testid="x">{params.get('x') ?? ''}</span>
    </>
  );
}

function Layout() {
  return (
    <div data-testid="layout">
      <Outlet />
      <Buttons />
    </div>
  );
}

const app = (
  <>
    <Where />
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/a" replace />} />
        <Route path="/a" element={<div data-testid="page">a</div>} />
        <Route path="/b" element={<div data-testid="page">b</div>} />
        <Route path="c" element={<div data-testid="page">c</div>} />
        <Route path="*" element={<div data-testid="page">none</div>} />
      </Route>
    </Routes>
  </>
);

const page = () => screen.getByTestId('page').textContent;
const where = () => screen.getByTestId('where').textContent;

describe('the hash router', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '#');
  });

  it('draws the index redirect, then follows pushes, replaces, back and hashes set directly', async () => {
    window.history.replaceState(null, '', '#');
    render(<HashRouter>{app}</HashRouter>);
    expect(await screen.findByText('a')).toBeTruthy();
    expect(window.location.hash).toBe('#/a');
    const length = window.history.length;

    fireEvent.click(screen.getByText('push'));
    expect(await screen.findByText('b')).toBeTruthy();
    expect(where()).toBe('/b?x=1');
    expect(window.location.hash).toBe('#/b?x=1');
    expect(window.history.length).toBe(length + 1);
    // Screens read the entry's index to tell whether back stays in the app (PageBar).
    expect((window.history.state as { idx: number }).idx).toBe(1);

    fireEvent.click(screen.getByText('count'));
    await screen.findByText('2', { selector: '[data-testid="x"]' });
    expect(window.location.hash).toBe('#/b?x=2&tag=a&tag=b');
    expect(window.history.length).toBe(length + 1);

    fireEvent.click(screen.getByText('replace'));
    expect(await screen.findByText('c')).toBeTruthy();
    expect(window.history.length).toBe(length + 1);
    expect((window.history.state as { idx: number }).idx).toBe(1);

    // What the request wrapper does for the offline page: set the hash itself.
    await act(async () => {
      window.location.hash = '#/Nowhere/';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(page()).toBe('none');
    expect(where()).toBe('/Nowhere/');
  });

  it('goes back through the history it made', async () => {
    render(<MemoryRouter initialEntries={['/a']}>{app}</MemoryRouter>);
    fireEvent.click(screen.getByText('push'));
    expect(await screen.findByText('b')).toBeTruthy();
    fireEvent.click(screen.getByText('back'));
    expect(await screen.findByText('a')).toBeTruthy();
    expect(where()).toBe('/a');
  });

  it('matches paths with or without their slashes, in any case, before the catch-all', () => {
    render(<MemoryRouter initialEntries={['/C/']}>{app}</MemoryRouter>);
    expect(page()).toBe('c');
  });

  it('links carry their href and navigate unless their own click handler said no', async () => {
    let refuse = true;
    render(
      <MemoryRouter initialEntries={['/a']}>
        {app}
        <Link to="/b?x=3" data-testid="link" onClick={(e) => refuse && e.preventDefault()}>
          go
        </Link>
      </MemoryRouter>,
    );
    const link = screen.getByTestId('link');
    expect(link.getAttribute('href')).toBe('/b?x=3');
    fireEvent.click(link);
    expect(page()).toBe('a');
    refuse = false;
    fireEvent.click(link);
    expect(await screen.findByText('b')).toBeTruthy();
    expect(screen.getByTestId('x').textContent).toBe('3');
  });

  it('gives links a hash href under the hash router', () => {
    render(
      <HashRouter>
        <Link to="/b">go</Link>
      </HashRouter>,
    );
    expect(screen.getByText('go').getAttribute('href')).toBe('#/b');
  });
});
