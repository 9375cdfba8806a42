import { format, messages } from '../domain/messages';

/** An error the API answers with its own status and message (the contract's error shape). */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public code: string,
    public errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>, code = 'BAD_REQUEST') =>
  new AppError(400, message, code, errors);
export const unauthorized = (message: string = messages.sessionExpired) => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string = messages.notAllowed, code = 'FORBIDDEN') => new AppError(403, message, code);
export const notFound = (name: string, id: string) => new AppError(404, format(messages.cannotFind, { name, id }), 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, message, code);
export const tooManyRequests = () => new AppError(429, messages.tooManyRequests, 'RATE_LIMITED');
