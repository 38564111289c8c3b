import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 renders its imperative Toast and Dialog with the legacy ReactDOM.render,
// which React 19 removed; this hands it createRoot instead (its documented hook). The
// chunks that show them import it (toast-impl.ts, confirm.tsx), not the entry: the hook
// brings antd-mobile's render helpers and Babel's runtime with it.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
