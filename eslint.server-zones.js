// The server's and domain's import boundaries, as import-x/no-restricted-paths zones (paths relative to the repository).
import fs from 'node:fs';
import path from 'node:path';

const AREAS = 'server/areas';
/** What builds the app from the list of areas: areas and infrastructure are listed there and never read it. */
const ASSEMBLY = [
  './server/areas/index.ts',
  './server/app.ts',
  './server/routes.ts',
  './server/schema.ts',
  './server/demo.ts',
  './server/main.ts',
  './server/cli',
];

export function serverBoundaryZones() {
  const areas = fs
    .readdirSync(path.join(import.meta.dirname, AREAS), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: './domain',
      from: ['./server', './src', './resources', './providers'],
      message: 'domain/ is shared by the console and the server, and imports neither.',
    },
    {
      target: './server/infra',
      from: ['./server/areas', ...ASSEMBLY],
      message: 'Infrastructure is what every area uses; it imports no area (an area hands it what it needs).',
    },
    { target: './server/areas', from: ASSEMBLY, message: 'Areas are listed in server/areas/index.ts; they do not read the list.' },
    // An area reaches another only through that area's index.ts (its manifest and what it exports for others).
    ...areas.flatMap((area) =>
      areas
        .filter((other) => other !== area)
        .map((other) => ({
          target: `./${AREAS}/${area}`,
          from: `./${AREAS}/${other}`,
          except: ['./index.ts'],
          message: `Import the ${other} area through its index.ts.`,
        })),
    ),
  ];
}
