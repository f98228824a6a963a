import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

/**
 * The URL namespace of the mlemodernizer server extension, below the
 * server's base URL.
 */
export const API_NAMESPACE = 'mlemodernizer';

/**
 * The answer of `GET mlemodernizer/health`.
 */
export interface IHealth {
  /**
   * `ok` when the server extension is loaded and serving.
   */
  status: string;
  /**
   * The version of the Python package behind the server extension.
   */
  version: string;
  /**
   * Whether an LLM is configured on the server and answers.
   */
  llm?: IHealth.ILLM;
  /**
   * Whether the docker executor can be used.
   */
  docker?: IHealth.IDocker;
  /**
   * The options every job starts from (the server's configuration).
   */
  defaults?: Record<string, unknown>;
}

export namespace IHealth {
  export interface ILLM {
    configured: boolean;
    reachable: boolean;
    /**
     * Whose LLM was checked: the server's configuration, or the endpoint and
     * model the user's settings name (`getHealth`'s `llm`).
     */
    source?: 'server' | 'settings';
    base_url?: string;
    model?: string;
    /**
     * Whether the endpoint lists the model (`false`: it answers, but serves
     * other models, named in `hint`).
     */
    model_served?: boolean | null;
    /** What went wrong, e.g. `APIConnectionError` or `HTTP 401`. */
    error?: string;
    /** What to do about it. */
    hint?: string;
  }

  export interface IDocker {
    available: boolean;
    error?: string;
    hint?: string;
  }
}

/**
 * Call the mlemodernizer server extension and return its JSON answer.
 *
 * The request goes through `ServerConnection.makeRequest`, so the base URL,
 * the token and the XSRF cookie come from `serverSettings`; pass the app's
 * own settings (`app.serviceManager.serverSettings`).
 *
 * @param endPoint Path below `mlemodernizer/`, e.g. `health` or `jobs/ID`.
 * @param init Request options (method, body, headers).
 * @param serverSettings Connection settings; the page's settings by default.
 * @returns The decoded JSON body (`undefined` for an empty body).
 * @throws {ServerConnection.NetworkError} when the server cannot be reached.
 * @throws {ServerConnection.ResponseError} on a non-2xx status, or a 2xx
 *   answer whose body is not JSON.
 */
export async function requestAPI<T>(
  endPoint: string,
  init: RequestInit = {},
  serverSettings: ServerConnection.ISettings = ServerConnection.makeSettings()
): Promise<T> {
  const url = URLExt.join(serverSettings.baseUrl, API_NAMESPACE, endPoint);

  let response: Response;
  try {
    response = await ServerConnection.makeRequest(url, init, serverSettings);
  } catch (error) {
    if (error instanceof ServerConnection.NetworkError) {
      throw error;
    }
    throw new ServerConnection.NetworkError(
      error instanceof TypeError ? error : new TypeError(String(error))
    );
  }

  const text = await response.text();
  let body: unknown = undefined;
  let isJSON = true;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      isJSON = false;
    }
  }

  if (!response.ok) {
    const detail = errorDetail(body);
    throw new ServerConnection.ResponseError(
      response,
      detail.message ??
        `${response.status} ${response.statusText || 'error'} from ${url}`,
      detail.traceback
    );
  }
  if (!isJSON) {
    throw new ServerConnection.ResponseError(
      response,
      `Invalid JSON in the answer from ${url}`
    );
  }
  return body as T;
}

/**
 * An LLM endpoint and model to check instead of the server's own.
 */
export interface ILLMChoice {
  baseUrl?: string;
  model?: string;
}

/**
 * Ask the server extension whether it is up, which version it runs, and
 * whether the LLM answers: the server's, or the one `llm` names (the user's
 * settings; the server checks it as a job would use it, without its key).
 */
export function getHealth(
  serverSettings?: ServerConnection.ISettings,
  llm: ILLMChoice = {}
): Promise<IHealth> {
  const query: Record<string, string> = {};
  if (llm.baseUrl?.trim()) {
    query.base_url = llm.baseUrl.trim();
  }
  if (llm.model?.trim()) {
    query.model = llm.model.trim();
  }
  const endPoint =
    Object.keys(query).length > 0
      ? `health${URLExt.objectToQueryString(query)}`
      : 'health';
  return requestAPI<IHealth>(endPoint, { method: 'GET' }, serverSettings);
}

/**
 * The message and traceback of a Jupyter server error body
 * (`{"message": ..., "traceback": ...}`), where present.
 */
function errorDetail(body: unknown): { message?: string; traceback?: string } {
  if (typeof body !== 'object' || body === null) {
    return {};
  }
  const { message, traceback } = body as Record<string, unknown>;
  return {
    message:
      typeof message === 'string' && message.length > 0 ? message : undefined,
    traceback: typeof traceback === 'string' ? traceback : undefined
  };
}
