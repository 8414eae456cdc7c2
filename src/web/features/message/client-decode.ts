// Must come first: it gives @ton/core the Buffer global it needs in the browser.
import '../../lib/buffer-global';
import { decodeBodyBoc } from '../../../ton/decode/decode-body';

// Loaded only when a server sent a body without `decoded` (a TON Center deployment that does not
// decode it): @ton/core then comes with this chunk, not with the pages that show messages.
export { decodeBodyBoc };
