// The toast component, in a chunk of its own (with its animation library).
export { Toast } from 'antd-mobile';
