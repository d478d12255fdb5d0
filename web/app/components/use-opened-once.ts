import { useEffect, useState } from "react";

/**
 * For a dialog or drawer a visitor rarely opens: `mounted` turns true the first time `opened`
 * does, and `shown` follows `opened` from the next frame on. A closed Mantine Modal or Drawer
 * still mounts its portal (an effect, a DOM node, another render) on every page it is on and for
 * every copy of it (a bookmark button per search result); rendered only once asked for, it costs
 * the page's hydration nothing. Shown a frame after it mounts, it opens with its transition, as
 * before.
 */
export function useOpenedOnce(opened: boolean): { mounted: boolean; shown: boolean } {
  const [armed, setArmed] = useState(opened);
  const mounted = opened || armed;
  useEffect(() => {
    if (!mounted || armed) return;
    const frame = requestAnimationFrame(() => setArmed(true));
    return () => cancelAnimationFrame(frame);
  }, [mounted, armed]);
  return { mounted, shown: opened && armed };
}
