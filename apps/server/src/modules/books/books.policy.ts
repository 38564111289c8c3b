import { AppError } from '../../http/errors.ts';

// Membership and permissions are checked once, by the book scope of each route (http/book-scope.ts).
export const bookNotFound = () => new AppError('book.notFound');
