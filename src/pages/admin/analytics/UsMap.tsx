// A map of the US states shaded by visits, drawn from us-atlas shapes with the Albers USA projection.
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection, Geometry } from 'geojson';
import statesTopology from 'us-atlas/states-10m.json';

const WIDTH = 975;
const HEIGHT = 610;
let shapes: { name: string; d: string }[] | null = null;

/** Paths are computed once per page load: the shapes never change. */
function stateShapes() {
  if (!shapes) {
    const topo = statesTopology as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
    const states = feature(topo, topo.objects.states) as FeatureCollection<Geometry, { name: string }>;
    const path = geoPath(
      geoAlbersUsa()
        .scale(1300)
        .translate([WIDTH / 2, HEIGHT / 2]),
    );
    shapes = states.features.map((f) => ({ name: f.properties.name, d: path(f) ?? '' })).filter((s) => s.d);
  }
  return shapes;
}

/** Light to dark brand blue by share of the busiest state. */
function shade(ratio: number): string {
  const from = [213, 232, 244];
  const to = [15, 61, 94];
  const c = from.map((f, i) => Math.round(f + (to[i]! - f) * Math.sqrt(ratio)));
  return `rgb(${c.join(',')})`;
}

export function UsMap({ visitsByName }: { visitsByName: Map<string, number> }) {
  const max = Math.max(1, ...visitsByName.values());
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      role="img"
      aria-label="Map of the United States shaded by visits per state"
    >
      {stateShapes().map((s) => {
        const count = visitsByName.get(s.name) ?? 0;
        return (
          <path
            key={s.name}
            d={s.d}
            fill={count ? shade(count / max) : '#f1f5f9'}
            stroke="#fff"
            strokeWidth={0.75}
            data-state={s.name}
            data-visits={count}
          >
            <title>{`${s.name}: ${count.toLocaleString('en-US')} ${count === 1 ? 'visit' : 'visits'}`}</title>
          </path>
        );
      })}
    </svg>
  );
}
