import type { UserInfo } from '@cab/contracts/client';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChooseLocationPage from '../../pages/location/ChooseLocationPage.tsx';
import { renderPages } from '../../test-pages.tsx';
import { useUserStore } from '../../stores/user.ts';
import { useDraft } from '../accounting/draft.ts';
import { readDraft } from '../accounting/draft-storage.ts';
import { useRecordForm } from '../accounting/useRecordForm.ts';
import { askForPlace, handBackPlace, takePickedPlace } from './handoff.ts';
import { PlaceRow } from './PlaceRow.tsx';
import { cleanPlace, mapUrl, openLocationPath, placeFromQuery } from './place.ts';

/** The record form's place: its row, the hand-off from choose-location, and the helpers that make a place fit. */
const WEST_LAKE = { name: '西湖', address: '杭州市西湖区', latitude: 30.259244, longitude: 120.151634 };
const user = { userid: '7', account: 'a', nickName: 'n', avatarUrl: '', phone: '', token: 't', tokenType: 'Bearer', has_password: false };

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
  window.history.replaceState(null, '');
});
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe("the form's place row", () => {
  const row = (over: Partial<Parameters<typeof PlaceRow>[0]> = {}) => {
    const props = { place: null, onChoose: vi.fn(), onClear: vi.fn(), onOpen: vi.fn(), ...over };
    render(<PlaceRow {...props} />);
    return props;
  };

  it('offers 添加地点 when there is none, and chooses on a tap', () => {
    const p = row();
    expect(screen.getByTestId('rec-place-value').textContent).toBe('添加地点');
    fireEvent.click(screen.getByTestId('rec-place'));
    expect(p.onChoose).toHaveBeenCalledOnce();
  });

  it('shows a chosen place with its address, its map and a clear button', () => {
    const p = row({ place: WEST_LAKE });
    expect(screen.getByTestId('rec-place-name').textContent).toBe('西湖');
    expect(screen.getByTestId('rec-place-address').textContent).toBe('杭州市西湖区');
    fireEvent.click(screen.getByTestId('rec-place-map'));
    expect(p.onOpen).toHaveBeenCalledWith(WEST_LAKE);
    fireEvent.click(screen.getByRole('button', { name: '清除地点' }));
    expect(p.onClear).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('rec-place-value'));
    expect(p.onChoose).toHaveBeenCalledOnce();
  });

  it('read-only, opens the map of a place and shows nothing without one', () => {
    const p = row({ place: WEST_LAKE, readOnly: true });
    expect(screen.queryByTestId('rec-place-clear')).toBeNull();
    fireEvent.click(screen.getByTestId('rec-place-value'));
    expect(p.onOpen).toHaveBeenCalledWith(WEST_LAKE);
    cleanup();
    row({ readOnly: true });
    expect(screen.queryByTestId('rec-place')).toBeNull();
  });
});

describe('a place chosen for the form', () => {
  function Form() {
    const f = useRecordForm('b1', null, undefined);
    return <PlaceRow place={f.draft.place} onChoose={f.choosePlace} onClear={() => f.draft.set({ place: null })} onOpen={f.openPlace} />;
  }

  it('comes back from choose-location into the same form, is kept in its draft, and opens its map', async () => {
    useUserStore.getState().signIn(user as UserInfo, 'r');
    useDraft.getState().reset('', '', false);
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 30.259244, longitude: 120.151634 } } as GeolocationPosition),
      },
      configurable: true,
    });
    const page = renderPages('/subPackages/accounting/index', {
      '/subPackages/accounting/index': Form,
      '/choose-location': ChooseLocationPage,
      '/open-location': () => <div data-testid="at-open-location" />,
    });
    fireEvent.click(await screen.findByTestId('rec-place'));
    await screen.findByTestId('page-choose-location');
    // Back from here returns to the form (a history entry before this one).
    window.history.replaceState({ idx: 1 }, '');
    fireEvent.click(screen.getByTestId('choose-locate'));
    fireEvent.change(await screen.findByTestId('choose-name'), { target: { value: WEST_LAKE.name } });
    fireEvent.change(screen.getByTestId('choose-address'), { target: { value: WEST_LAKE.address } });
    fireEvent.click(screen.getByTestId('choose-confirm'));
    expect((await screen.findByTestId('rec-place-name')).textContent).toBe('西湖');
    expect(page.location()).toBe('/subPackages/accounting/index');
    expect(useDraft.getState().place).toEqual(WEST_LAKE);
    expect(readDraft('b1')?.place).toEqual(WEST_LAKE);
    fireEvent.click(screen.getByTestId('rec-place-map'));
    await screen.findByTestId('at-open-location');
    expect(page.location()).toBe(openLocationPath(WEST_LAKE));
  });

  it('is handed only to the form that asked, once', () => {
    askForPlace('visit-1');
    handBackPlace(WEST_LAKE);
    expect(takePickedPlace('visit-2')).toBeUndefined();
    expect(takePickedPlace('visit-1')).toEqual(WEST_LAKE);
    expect(takePickedPlace('visit-1')).toBeUndefined();
    // A page opened without a form asking hands nothing to anyone.
    handBackPlace(WEST_LAKE);
    expect(takePickedPlace('visit-1')).toBeUndefined();
  });
});

describe('a place made to fit', () => {
  it('cleans names, rounds coordinates to six decimals, and refuses what has no name or coordinates', () => {
    expect(cleanPlace({ name: ' a\u0007b\u2066c ', address: '  ', latitude: 1.23456789, longitude: -0.1 })).toEqual({
      name: 'abc',
      latitude: 1.234568,
      longitude: -0.1,
    });
    expect(cleanPlace({ name: '湖'.repeat(70), latitude: 0, longitude: 0 })?.name).toBe('湖'.repeat(60));
    expect(cleanPlace({ name: '\u200b', latitude: 0, longitude: 0 })).toBeUndefined();
    expect(cleanPlace({ name: 'x', latitude: 90.5, longitude: 0 })).toBeUndefined();
    expect(cleanPlace({ name: 'x', latitude: '1', longitude: 0 })).toBeUndefined();
    expect(cleanPlace(null)).toBeUndefined();
  });

  it('reads an open-location link and writes one', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(placeFromQuery(q('lat=-33.856784&lng=151.215297'), '未命名地点')).toEqual({
      name: '未命名地点',
      latitude: -33.856784,
      longitude: 151.215297,
    });
    expect(placeFromQuery(q('name=x&lat=&lng=1'), 'u')).toBeUndefined();
    expect(placeFromQuery(q('name=x&lat=0x10&lng=1'), 'u')).toBeUndefined();
    const path = openLocationPath(WEST_LAKE);
    expect(placeFromQuery(q(path.split('?')[1] ?? ''), 'u')).toEqual(WEST_LAKE);
    expect(mapUrl(-1.5, 2)).toBe('https://www.openstreetmap.org/?mlat=-1.500000&mlon=2.000000#map=17/-1.500000/2.000000');
  });
});
