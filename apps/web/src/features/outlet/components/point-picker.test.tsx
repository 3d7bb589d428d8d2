import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, wgsToGcj, type MapSettings } from '@cbo/contract';
import { changeLanguage } from '@/shared/i18n';
import { fails, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { OutletForm } from './outlet-form';
import type { PointPickerMapProps } from './point-picker-map';

// Leaflet does not lay out in jsdom: the map is a stand-in that reports what a click on the real
// one reports (a point in the tiles' datum, unrounded) and shows where its marker stands.
vi.mock('./point-picker-map', () => ({
  default: ({ point, tiles, onPick }: PointPickerMapProps) => (
    <div data-testid="outlet-pick-map" data-tiles={tiles}>
      <span data-testid="marker">{point ? `${point.lat},${point.lng}` : 'none'}</span>
      <button type="button" onClick={() => onPick(...clickAt)}>
        map-click
      </button>
    </div>
  ),
}));

/** Where the next click on the stand-in map lands. */
let clickAt: [number, number] = [0, 0];

const OWNERS = {
  agents: [{ id: 3, name: 'Bund Charging', ratio: 50 }],
  teams: [],
  regions: [],
  serviceProviders: [],
  pushers: [],
};
const NO_KEY: MapSettings = { mapType: 'gaode', tiles: 'osm', geocoding: false };
const GAODE: MapSettings = { mapType: 'gaode', tiles: 'gaode', geocoding: true };

function openForm(settings: MapSettings, geocode?: Parameters<typeof fakeServer>[0][string]) {
  const server = fakeServer({
    [api.outletOwnerOptions.path]: OWNERS,
    [api.outletMapSettings.path]: settings,
    ...(geocode === undefined ? {} : { [api.outletGeocode.path]: geocode }),
  });
  renderView(<OutletForm open direct={false} onClose={() => undefined} />, { path: '/outlet/list' });
  return server;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const pointText = () => screen.getByTestId('outlet-pick-point').textContent;

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe("picking an outlet's point", () => {
  it('a click on the map fills latitude and longitude, rounded to 6 places; without a key the lookup says why', async () => {
    openForm(NO_KEY);
    fireEvent.click(await screen.findByTestId('outlet-pick-open'));
    expect(await screen.findByTestId('outlet-pick-nokey')).toHaveProperty(
      'textContent',
      expect.stringContaining("Gaode map's geocoding, which needs its key"),
    );
    expect(screen.getByTestId('outlet-pick-locate')).toHaveProperty('disabled', true);
    expect(pointText()).toBe('No point picked yet: click the map.');
    expect(screen.getByTestId('outlet-pick-apply')).toHaveProperty('disabled', true);

    // OpenStreetMap tiles are WGS-84: the click is the point, rounded.
    clickAt = [31.14438123456, 121.80831987654];
    fireEvent.click(await screen.findByText('map-click'));
    expect(pointText()).toBe('Latitude 31.144381, longitude 121.808320');
    expect(screen.getByTestId('marker').textContent).toBe('31.144381,121.80832');
    fireEvent.click(screen.getByTestId('outlet-pick-apply'));
    await waitFor(() => expect(field('Latitude').value).toBe('31.144381'));
    expect(field('Longitude').value).toBe('121.808320');
    await waitFor(() => expect(screen.queryByTestId('outlet-pick-map')).toBeNull());

    // Opened again, the picker starts at the form's point; Cancel leaves the fields alone.
    fireEvent.click(screen.getByTestId('outlet-pick-open'));
    expect(await screen.findByTestId('marker')).toHaveProperty('textContent', '31.144381,121.80832');
    clickAt = [10, 190];
    fireEvent.click(screen.getByText('map-click'));
    expect(pointText()).toBe('Latitude 10.000000, longitude -170.000000');
    fireEvent.click(
      within(screen.getByTestId('outlet-pick-map').closest('.ant-modal') as HTMLElement).getByText('Cancel'),
    );
    await waitFor(() => expect(screen.queryByTestId('outlet-pick-map')).toBeNull());
    expect(field('Latitude').value).toBe('31.144381');
  });

  it('on Gaode tiles a click is GCJ-02 and the form gets the WGS-84 point', async () => {
    openForm(GAODE);
    fireEvent.click(await screen.findByTestId('outlet-pick-open'));
    expect((await screen.findByTestId('outlet-pick-map')).getAttribute('data-tiles')).toBe('gaode');
    clickAt = wgsToGcj(31.240018, 121.490317);
    fireEvent.click(screen.getByText('map-click'));
    expect(pointText()).toBe('Latitude 31.240018, longitude 121.490317');
    fireEvent.click(screen.getByTestId('outlet-pick-apply'));
    await waitFor(() => expect(field('Latitude').value).toBe('31.240018'));
    expect(field('Longitude').value).toBe('121.490317');
  });

  it("locates the form's address through the server, moves the marker there and fills an empty address", async () => {
    const server = openForm(GAODE, { lat: 31.240018, lng: 121.490317, address: '上海市黄浦区中山东一路' });
    fireEvent.click(await screen.findByTestId('outlet-pick-open'));
    const input = (await screen.findByTestId('outlet-pick-address')) as HTMLInputElement;
    await waitFor(() => expect(input.disabled).toBe(false));
    fireEvent.change(input, { target: { value: 'The Bund 18' } });
    fireEvent.click(screen.getByTestId('outlet-pick-locate'));
    await waitFor(() => expect(pointText()).toBe('Latitude 31.240018, longitude 121.490317 · 上海市黄浦区中山东一路'));
    expect(server.last(api.outletGeocode.path)!.query.get('address')).toBe('The Bund 18');
    expect(screen.getByTestId('marker').textContent).toBe('31.240018,121.490317');
    fireEvent.click(screen.getByTestId('outlet-pick-apply'));
    await waitFor(() => expect(field('Latitude').value).toBe('31.240018'));
    expect(field('Address').value).toBe('上海市黄浦区中山东一路');
  });

  it("shows the server's refusal beside the lookup and keeps the point", async () => {
    openForm(GAODE, fails(100622, 'Gaode refused the lookup: INVALID_USER_KEY 10001'));
    fireEvent.change(await screen.findByLabelText('Address', { exact: true }), { target: { value: 'Nowhere street' } });
    await waitFor(() => expect(field('Address').value).toBe('Nowhere street'));
    fireEvent.click(screen.getByTestId('outlet-pick-open'));
    const input = (await screen.findByTestId('outlet-pick-address')) as HTMLInputElement;
    expect(input.value).toBe('Nowhere street');
    await waitFor(() => expect(input.disabled).toBe(false));
    fireEvent.click(screen.getByTestId('outlet-pick-locate'));
    expect(await screen.findByTestId('outlet-pick-error')).toHaveProperty(
      'textContent',
      'Gaode refused the lookup: INVALID_USER_KEY 10001',
    );
    expect(pointText()).toBe('No point picked yet: click the map.');
  });
});
