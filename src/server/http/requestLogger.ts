/**
 * The logger of a request, made when the request first writes a line. Fastify gives every request
 * a pino child logger bound to its request id; making one costs a few µs (pino serialises the
 * bindings through the redaction of secret headers), on every request, also the many that log
 * nothing at the level the server runs at. The child made on first use writes exactly the same lines.
 */
import type { FastifyBaseLogger } from 'fastify';

// pino's types, as Fastify's logger interface names them (pino is Fastify's dependency, not ours).
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's standard levels: a line is written when its level is at least the logger's. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions | undefined,
  ) {}

  private get instance(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.instance.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    // A line below the level is dropped without making the child (pino's own method would be a no-op).
    if ((LEVELS[level] ?? 0) < (LEVELS[this.level] ?? 0)) return;
    const logger = this.instance;
    // pino's log functions are overloaded; the arguments are passed on as they came.
    (logger[level] as (...values: unknown[]) => void).apply(logger, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.instance.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the request's logger, made into pino's child on first use.
 * Fastify passes an empty options object when a route sets no log level or serializers; pino makes
 * a child faster without one.
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, isEmpty(options) ? undefined : options);
}

function isEmpty(options: ChildLoggerOptions): boolean {
  for (const _key in options) return false;
  return true;
}
