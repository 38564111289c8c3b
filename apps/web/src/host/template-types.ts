import { knownHostEnv } from '../lib/host-env.ts';
import type { HostEnv } from '../lib/host-env.ts';

/** SPEC 9's template types: '1' is made for the host apps, '2' for the cloud (everywhere). */
export const HOST_APP_TEMPLATE = '1';

/** A host-app template is offered only inside a host; every other one everywhere. */
export function offeredHere(templateType: string, env: HostEnv | undefined = knownHostEnv()): boolean {
  return templateType !== HOST_APP_TEMPLATE || (env !== undefined && env !== 'browser');
}
