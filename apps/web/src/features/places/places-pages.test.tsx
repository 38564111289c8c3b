import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../host/bridge.ts';
import type { HostEnv } from '../../host/protocol.ts';
import ChooseLocationPage from '../../pages/location/ChooseLocationPage.tsx';
import OpenLocationPage from '../../pages/location/OpenLocationPage.tsx';
import { renderPages } from '../../test-pages.tsx';
import { askForPlace, takePickedPlace } from './handoff.ts';

/** The location pages (docs/host.md, "Places"): in a plain browser (Geolocation mocked) and in a host (the bridge mocked). */
const bridge = vi.hoisted(() => ({ env: 'browser' as HostEnv, hostCall: vi.fn() }));
vi.mock('../../host/bridge.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Bridge>();
  return {
    ...real,
    hostEnv: () => Promise.resolve(bridge.env),
    // A host is known only after its handshake: the pages wait for hostEnv.
    knownHostEnv: () => (bridge.env === 'browser' ? 'browser' : undefined),
    hostCall: bridge.hostCall,
  };
});
const { HostError } = await import('../../host/bridge.ts');

type Success = (p: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (e: { code: number }) => void;
function geolocation(answer: (ok: Success, fail: Failure) => void) {
  const getCurrentPosition = vi.fn((ok: Success, fail: Failure) => answer(ok, fail));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, { '/choose-location': ChooseLocationPage, '/open-location': OpenLocationPage });
};

beforeEach(() => {
  bridge.env = 'browser';
  bridge.hostCall.mockReset();
  sessionStorage.clear();
  // The record form that opens the page names itself first.
  askForPlace('visit-1');
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('choose-location in a plain browser', () => {
  it('locates on a tap, shows the coordinates and the map, needs a name, and hands the place back', async () => {
    const asked = geolocation((ok) => ok({ coords: { latitude: 30.2592441234, longitude: 120.15163391 } }));
    renderAt('/choose-location');
    expect(screen.getByTestId('page-choose-location').getAttribute('data-env')).toBe('browser');
    // Nothing is asked before the tap: the browser's prompt follows the user's action.
    expect(asked).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('choose-locate'));
    expect((await screen.findByTestId('place-coords')).textContent).toBe('纬度 30.259244，经度 120.151634');
    const map = screen.getByTestId('place-map-link');
    expect(map.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=30.259244&mlon=120.151634#map=17/30.259244/120.151634');
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('choose-locate').textContent).toBe('重新定位');

    fireEvent.click(screen.getByTestId('choose-confirm'));
    expect(screen.getByTestId('choose-name-error').textContent).toBe('请填写地点名称');
    expect(takePickedPlace('visit-1')).toBeUndefined();
    fireEvent.change(screen.getByTestId('choose-name'), { target: { value: '  公司楼下的咖啡馆 ' } });
    expect(screen.queryByTestId('choose-name-error')).toBeNull();
    fireEvent.change(screen.getByTestId('choose-address'), { target: { value: '文三路 90 号' } });
    fireEvent.click(screen.getByTestId('choose-confirm'));
    await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
    expect(takePickedPlace('visit-1')).toEqual({
      name: '公司楼下的咖啡馆',
      address: '文三路 90 号',
      latitude: 30.259244,
      longitude: 120.151634,
    });
    // Taken once.
    expect(takePickedPlace('visit-1')).toBeUndefined();
  });

  it.each([
    [1, '没有定位权限。请在浏览器设置中允许本站使用位置信息，然后重试。'],
    [2, '暂时无法获取位置，请检查网络或定位服务后重试。'],
    [3, '定位超时，请稍后或到信号更好的地方重试。'],
  ])('says why when the browser gives no position (code %i), and may try again', async (code, message) => {
    let fails = true;
    geolocation((ok, fail) => (fails ? fail({ code }) : ok({ coords: { latitude: 1.5, longitude: -2.25 } })));
    renderAt('/choose-location');
    fireEvent.click(screen.getByTestId('choose-locate'));
    expect((await screen.findByTestId('choose-locate-error')).textContent).toBe(message);
    expect(screen.queryByTestId('choose-form')).toBeNull();
    fails = false;
    fireEvent.click(screen.getByTestId('choose-locate'));
    expect((await screen.findByTestId('place-coords')).textContent).toBe('纬度 1.500000，经度 -2.250000');
    expect(screen.queryByTestId('choose-locate-error')).toBeNull();
  });

  it('without the Geolocation API says the browser cannot locate, and offers no place', () => {
    renderAt('/choose-location');
    expect(screen.getByTestId('choose-unsupported').textContent).toContain('这个浏览器无法定位');
    expect(screen.queryByTestId('choose-locate')).toBeNull();
  });
});

describe('choose-location in a host', () => {
  it("asks the host's picker at once and hands its place back, made to fit", async () => {
    bridge.env = 'a';
    bridge.hostCall.mockResolvedValue({ name: ' 西湖\u202e断桥 ', address: '杭州市西湖区', latitude: 30.2592441, longitude: 120.1516339 });
    renderAt('/choose-location');
    await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
    expect(bridge.hostCall).toHaveBeenCalledTimes(1);
    expect(bridge.hostCall).toHaveBeenCalledWith('location.choose', {});
    expect(takePickedPlace('visit-1')).toEqual({ name: '西湖断桥', address: '杭州市西湖区', latitude: 30.259244, longitude: 120.151634 });
  });

  it('goes back with nothing when the user cancels', async () => {
    bridge.env = 'b';
    bridge.hostCall.mockResolvedValue({ cancelled: true });
    renderAt('/choose-location');
    await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
    expect(takePickedPlace('visit-1')).toBeUndefined();
  });

  it("says SPEC 8's message when the host fails, and asks again on retry", async () => {
    bridge.env = 'a';
    bridge.hostCall.mockRejectedValueOnce(new HostError('failed', 'location.choose', 'FAILED'));
    renderAt('/choose-location');
    expect((await screen.findByTestId('choose-host-failed')).textContent).toContain('获取信息失败');
    bridge.hostCall.mockResolvedValueOnce({ name: '断桥', latitude: 30, longitude: 120 });
    fireEvent.click(screen.getByTestId('choose-retry'));
    await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
    expect(bridge.hostCall).toHaveBeenCalledTimes(2);
    expect(takePickedPlace('visit-1')).toEqual({ name: '断桥', latitude: 30, longitude: 120 });
  });

  it('refuses a place without coordinates from the host', async () => {
    bridge.env = 'a';
    bridge.hostCall.mockResolvedValue({ name: '断桥' });
    renderAt('/choose-location');
    expect((await screen.findByTestId('choose-host-failed')).textContent).toContain('App 返回的地点不完整');
    expect(takePickedPlace('visit-1')).toBeUndefined();
  });
});

describe('open-location', () => {
  const link = '/open-location?name=%E8%A5%BF%E6%B9%96&address=%E6%9D%AD%E5%B7%9E&lat=30.259244&lng=120.151634';

  it.each([
    ['no coordinates', '/open-location?name=x'],
    ['a latitude that is not a number', '/open-location?name=x&lat=abc&lng=1'],
    ['a latitude past 90', '/open-location?name=x&lat=91&lng=1'],
    ['a longitude past 180', '/open-location?name=x&lat=1&lng=-180.5'],
    ['a number in another notation', '/open-location?name=x&lat=1e1&lng=2'],
  ])('opens nothing for %s', async (_, path) => {
    bridge.env = 'a';
    renderAt(path);
    expect(screen.getByTestId('open-bad').textContent).toContain('无法打开这个地点');
    await new Promise((r) => setTimeout(r, 0));
    expect(bridge.hostCall).not.toHaveBeenCalled();
  });

  it('in a browser shows the place and a link to the map', () => {
    renderAt(link);
    expect(screen.getByTestId('place-name').textContent).toBe('西湖');
    expect(screen.getByTestId('place-address').textContent).toBe('杭州');
    expect(screen.getByTestId('place-coords').textContent).toBe('纬度 30.259244，经度 120.151634');
    expect(screen.getByTestId('place-map-link').getAttribute('href')).toContain('mlat=30.259244&mlon=120.151634');
  });

  it("in a host opens the host's map at the place, and says so; a failure says SPEC 8's message", async () => {
    bridge.env = 'b';
    bridge.hostCall.mockResolvedValueOnce({});
    renderAt(link);
    await screen.findByTestId('open-host-opened');
    expect(bridge.hostCall).toHaveBeenCalledWith('location.open', {
      name: '西湖',
      address: '杭州',
      latitude: 30.259244,
      longitude: 120.151634,
    });
    expect(screen.queryByTestId('place-map-link')).toBeNull();
    bridge.hostCall.mockRejectedValueOnce(new HostError('timeout', 'location.open'));
    fireEvent.click(screen.getByTestId('open-again'));
    expect((await screen.findByTestId('open-host-failed')).textContent).toBe('获取信息失败');
    expect(bridge.hostCall).toHaveBeenCalledTimes(2);
  });
});
