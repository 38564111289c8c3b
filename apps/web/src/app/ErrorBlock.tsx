import { createErrorBlock } from 'antd-mobile';
import defaultImage from '../assets/error-block-default.svg';
import emptyImage from '../assets/error-block-empty.svg';

/**
 * antd-mobile's ErrorBlock with its illustrations as image files (rendered once from
 * antd-mobile's own artwork) instead of about 34 KB of inline SVG code in the
 * bundle: they load with the page that shows them and are cached like any asset.
 */
export const ErrorBlock = createErrorBlock({ default: defaultImage, empty: emptyImage, busy: defaultImage, disconnected: defaultImage });
