// The district's SIS for `npm run bench:sync`, as a process of its own at the lowest CPU priority:
// a real district's server is another machine, so its work (building 50,000 students as JSON)
// must not take the cores from the High5 server and database being measured.
// Prints one JSON line ({ baseUrl, credentials }) when it listens; stops when its input closes.
import { startAeriesFake } from '../../apps/server/src/test/fakes/aeries-server.js';
import { startCleverFake } from '../../apps/server/src/test/fakes/clever-server.js';
import { syntheticDistrict } from '../../apps/server/src/test/fakes/sample-district.js';

export interface SisFakeStarted {
  baseUrl: string;
  credentials: Record<string, string>;
}

const source = process.env.SIS_SOURCE === 'clever' ? 'clever' : 'aeries';
const size = JSON.parse(process.env.SIS_SIZE ?? '{}') as { students: number; teachers: number; sections: number };
const district = syntheticDistrict(size);
const fake = source === 'aeries' ? await startAeriesFake({ district }) : await startCleverFake({ district });
const credentials: Record<string, string> =
  'certificate' in fake ? { certificate: fake.certificate } : { clientKey: fake.clientId, clientSecret: fake.clientSecret };
process.stdout.write(`${JSON.stringify({ baseUrl: fake.baseUrl, credentials } satisfies SisFakeStarted)}\n`);
process.stdin.resume();
process.stdin.on('end', () => void fake.close().then(() => process.exit(0)));
