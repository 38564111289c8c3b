import { useEffect, useState } from 'react';
import { hostEnv, knownHostEnv } from './bridge.ts';
import type { HostEnv } from './protocol.ts';

/** Where the page runs: at once in a plain browser, after the handshake inside a host (undefined until then). */
export function useHostEnv(): HostEnv | undefined {
  const [env, setEnv] = useState<HostEnv | undefined>(() => knownHostEnv());
  useEffect(() => {
    if (env) return;
    let live = true;
    void hostEnv().then((e) => {
      if (live) setEnv(e);
    });
    return () => {
      live = false;
    };
  }, [env]);
  return env;
}
