#ifndef CLOUDY_CCURL_H
#define CLOUDY_CCURL_H

#include <stddef.h>

/// One HTTP GET through libcurl's easy interface, which waits in poll(2) with the time left:
/// no busy loop while a server is slow (FoundationNetworking's URLSession spins a core there).
/// Redirects are not followed here: the caller decides (same host only).
typedef struct {
  /// The body, up to `limit` bytes (malloc'd; free with cloudy_http_free).
  unsigned char *body;
  size_t body_size;
  /// HTTP status, 0 when no response arrived.
  long status;
  /// The absolute URL a 3xx points to (malloc'd), or NULL.
  char *redirect;
  /// The libcurl result code (0 = CURLE_OK).
  int curl_code;
  /// 1 when the body (or its Content-Length) was over the limit.
  int over_limit;
  /// libcurl's error text.
  char error[256];
  /// Response headers a conditional GET keeps ("" when absent): ETag, Last-Modified,
  /// Cache-Control and Expires, as sent.
  char etag[256];
  char last_modified[64];
  char cache_control[128];
  char expires[64];
} cloudy_http_result;

/// `connect_and_idle_ms`: the connect time-out and how long the transfer may stall;
/// `total_ms`: the whole exchange. `accept` is sent as the Accept header.
void cloudy_http_get(
  const char *url, long connect_and_idle_ms, long total_ms, size_t limit, const char *accept,
  cloudy_http_result *result);

/// The same GET with a `User-Agent` and, when not NULL, `If-None-Match` and
/// `If-Modified-Since`: a 304 comes back as `status` 304 with no body.
void cloudy_http_get_conditional(
  const char *url, long connect_and_idle_ms, long total_ms, size_t limit, const char *accept,
  const char *user_agent, const char *if_none_match, const char *if_modified_since,
  cloudy_http_result *result);

void cloudy_http_free(cloudy_http_result *result);

/// Result codes the caller maps (mirrors of CURLE_* without the header in Swift).
enum {
  CLOUDY_CURL_OK = 0,
  CLOUDY_CURL_UNSUPPORTED_PROTOCOL = 1,
  CLOUDY_CURL_URL_MALFORMAT = 3,
  CLOUDY_CURL_COULDNT_RESOLVE_PROXY = 5,
  CLOUDY_CURL_COULDNT_RESOLVE_HOST = 6,
  CLOUDY_CURL_COULDNT_CONNECT = 7,
  CLOUDY_CURL_WEIRD_SERVER_REPLY = 8,
  CLOUDY_CURL_PARTIAL_FILE = 18,
  CLOUDY_CURL_WRITE_ERROR = 23,
  CLOUDY_CURL_OPERATION_TIMEDOUT = 28,
  CLOUDY_CURL_SSL_CONNECT_ERROR = 35,
  CLOUDY_CURL_GOT_NOTHING = 52,
  CLOUDY_CURL_SEND_ERROR = 55,
  CLOUDY_CURL_RECV_ERROR = 56,
  CLOUDY_CURL_PEER_FAILED_VERIFICATION = 60,
  CLOUDY_CURL_BAD_CONTENT_ENCODING = 61,
};

#endif
