#include "CCurl.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct {
  cloudy_http_result *result;
  size_t limit;
  size_t capacity;
} transfer;

static size_t on_body(char *data, size_t size, size_t count, void *context) {
  transfer *t = context;
  size_t length = size * count;
  if (t->result->body_size + length > t->limit) {
    t->result->over_limit = 1;
    return 0;  // abort: CURLE_WRITE_ERROR
  }
  if (t->result->body_size + length > t->capacity) {
    size_t capacity = t->capacity ? t->capacity : 16384;
    while (capacity < t->result->body_size + length) capacity *= 2;
    unsigned char *grown = realloc(t->result->body, capacity);
    if (!grown) return 0;
    t->result->body = grown;
    t->capacity = capacity;
  }
  memcpy(t->result->body + t->result->body_size, data, length);
  t->result->body_size += length;
  return length;
}

/// Copies a header's value (after `prefix`, without surrounding blanks and the line end) into
/// `out` when the line is that header.
static void keep_header(
  const char *data, size_t length, const char *prefix, char *out, size_t out_size) {
  size_t prefix_length = strlen(prefix);
  if (length <= prefix_length || strncasecmp(data, prefix, prefix_length) != 0) return;
  const char *value = data + prefix_length;
  size_t value_length = length - prefix_length;
  while (value_length > 0 && (*value == ' ' || *value == '\t')) {
    value++;
    value_length--;
  }
  while (value_length > 0 && (value[value_length - 1] == '\r' || value[value_length - 1] == '\n' ||
                              value[value_length - 1] == ' ')) {
    value_length--;
  }
  if (value_length >= out_size) value_length = out_size - 1;
  memcpy(out, value, value_length);
  out[value_length] = 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
  transfer *t = context;
  size_t length = size * count;
  keep_header(data, length, "etag:", t->result->etag, sizeof t->result->etag);
  keep_header(
    data, length, "last-modified:", t->result->last_modified, sizeof t->result->last_modified);
  keep_header(
    data, length, "cache-control:", t->result->cache_control, sizeof t->result->cache_control);
  keep_header(data, length, "expires:", t->result->expires, sizeof t->result->expires);
  static const char name[] = "content-length:";
  if (length > sizeof name - 1 && strncasecmp(data, name, sizeof name - 1) == 0) {
    unsigned long long declared = strtoull(data + sizeof name - 1, NULL, 10);
    if (declared > t->limit) {
      t->result->over_limit = 1;
      return 0;
    }
  }
  return length;
}

void cloudy_http_get(
  const char *url, long connect_and_idle_ms, long total_ms, size_t limit, const char *accept,
  cloudy_http_result *result) {
  cloudy_http_get_conditional(
    url, connect_and_idle_ms, total_ms, limit, accept, NULL, NULL, NULL, result);
}

void cloudy_http_get_conditional(
  const char *url, long connect_and_idle_ms, long total_ms, size_t limit, const char *accept,
  const char *user_agent, const char *if_none_match, const char *if_modified_since,
  cloudy_http_result *result) {
  memset(result, 0, sizeof *result);
  static int initialized = 0;
  if (!initialized) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    initialized = 1;
  }
  CURL *curl = curl_easy_init();
  if (!curl) {
    result->curl_code = CURLE_FAILED_INIT;
    strncpy(result->error, "libcurl could not start", sizeof result->error - 1);
    return;
  }
  transfer t = {result, limit, 0};
  struct curl_slist *headers = NULL;
  char accept_header[128];
  snprintf(accept_header, sizeof accept_header, "Accept: %s", accept);
  headers = curl_slist_append(headers, accept_header);
  char line[512];
  if (user_agent) {
    snprintf(line, sizeof line, "User-Agent: %s", user_agent);
    headers = curl_slist_append(headers, line);
  }
  if (if_none_match) {
    snprintf(line, sizeof line, "If-None-Match: %s", if_none_match);
    headers = curl_slist_append(headers, line);
  }
  if (if_modified_since) {
    snprintf(line, sizeof line, "If-Modified-Since: %s", if_modified_since);
    headers = curl_slist_append(headers, line);
  }
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_and_idle_ms);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, total_ms);
  // A transfer that stalls (under 1 byte/s) for the idle time is timed out as well.
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, (connect_and_idle_ms + 999) / 1000);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);
  CURLcode code = curl_easy_perform(curl);
  result->curl_code = (int)code;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
  char *redirect = NULL;
  if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK && redirect) {
    result->redirect = strdup(redirect);
  }
  if (code != CURLE_OK && result->error[0] == 0) {
    strncpy(result->error, curl_easy_strerror(code), sizeof result->error - 1);
  }
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
}

void cloudy_http_free(cloudy_http_result *result) {
  free(result->body);
  free(result->redirect);
  result->body = NULL;
  result->redirect = NULL;
}
