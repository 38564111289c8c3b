/** `npm run web:tracking -w @cab/bench`: the tracking client's cost alone (src/web/tracking.ts), no build, some 20 s. */
import { describeTracking, measureTracking } from './web/tracking.ts';

console.log(describeTracking(await measureTracking()));
