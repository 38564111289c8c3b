// The toast component, in a chunk of its own (with its animation library). Toast.show
// renders through antd-mobile's render hook, which is set up here, with the only code
// that needs it, instead of in the entry (with the helpers it brings, 3.6 KB).
import './react19-compat.ts';

export { Toast } from 'antd-mobile';
