import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chunk, useChunk, type Chunk } from './chunk.ts';

type Mod = { text: string };

function Piece({ c }: { c: Chunk<Mod> }) {
  const { module, failed, retry } = useChunk(c);
  if (module) return <p>{module.text}</p>;
  if (failed)
    return (
      <button type="button" onClick={retry}>
        retry
      </button>
    );
  return <p>waiting</p>;
}

/** A module whose arrival the test decides. */
function deferred() {
  let resolve!: (m: Mod) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<Mod>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('a chunk drawn the moment it arrives', () => {
  it('asks once however many pieces wait, and draws every piece when it comes', async () => {
    const d = deferred();
    const importer = vi.fn(() => d.promise);
    const c = chunk(importer);
    render(
      <>
        <Piece c={c} />
        <Piece c={c} />
      </>,
    );
    expect(screen.getAllByText('waiting')).toHaveLength(2);
    await act(async () => d.resolve({ text: 'arrived' }));
    expect(screen.getAllByText('arrived')).toHaveLength(2);
    expect(importer).toHaveBeenCalledOnce();
    expect(c.current()).toEqual({ text: 'arrived' });
  });

  it('draws a chunk that has already arrived in the first render', async () => {
    const c = chunk(() => Promise.resolve({ text: 'ready' }));
    await c.load();
    const { container } = render(<Piece c={c} />);
    // No waiting state at all: the same render that mounts it shows it.
    expect(container.textContent).toBe('ready');
  });

  it('says it failed, and a retry asks again and draws it', async () => {
    const first = deferred();
    const second = deferred();
    const importer = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const c = chunk<Mod>(importer);
    render(<Piece c={c} />);
    await act(async () => first.reject(new Error('offline')));
    fireEvent.click(screen.getByText('retry'));
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => second.resolve({ text: 'back' }));
    expect(screen.getByText('back')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
