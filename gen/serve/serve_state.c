/* serve_state.c: which build folder is served, shared by the server's threads. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve.h"

void
serve_state_init(struct serve_state *s)
{
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->cond, NULL);
	s->site = NULL;
	s->errors = NULL;
	s->seq = 1;
	s->last = SERVE_EV_NONE;
	s->stopping = false;
}

static void
site_free(struct serve_site *site)
{
	if (site == NULL)
		return;
	if (site->dirfd != -1)
		close(site->dirfd);
	remove_tree(site->path);
	free(site->path);
	free(site);
}

void
serve_state_release(struct serve_state *s)
{
	if (s->site != NULL && --s->site->refs == 0)
		site_free(s->site);
	s->site = NULL;
	free(s->errors);
	s->errors = NULL;
	pthread_cond_destroy(&s->cond);
	pthread_mutex_destroy(&s->lock);
}

struct serve_site *
serve_site_get(struct serve_state *s, char **errors, uint64_t *seq)
{
	struct serve_site *site;

	pthread_mutex_lock(&s->lock);
	site = s->site;
	if (site != NULL)
		site->refs++;
	if (errors != NULL)
		*errors = s->errors ? xstrdup(s->errors) : NULL;
	if (seq != NULL)
		*seq = s->seq;
	pthread_mutex_unlock(&s->lock);
	return site;
}

void
serve_site_put(struct serve_state *s, struct serve_site *site)
{
	bool last;

	if (site == NULL)
		return;
	pthread_mutex_lock(&s->lock);
	last = --site->refs == 0;
	pthread_mutex_unlock(&s->lock);
	if (last)
		site_free(site);
}

/* Bumps the generation; the lock is held. */
static void
announce(struct serve_state *s, enum serve_event ev)
{
	s->seq++;
	s->last = ev;
	pthread_cond_broadcast(&s->cond);
}

void
serve_publish(struct serve_state *s, char *path, enum serve_event ev)
{
	struct serve_site *site = xcalloc(1, sizeof(*site)), *old;

	site->path = path;
	site->dirfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	site->refs = 1;
	pthread_mutex_lock(&s->lock);
	old = s->site;
	s->site = site;
	if (s->errors != NULL) {
		free(s->errors);
		s->errors = NULL;
		ev = SERVE_EV_RELOAD;
	}
	if (ev != SERVE_EV_NONE)
		announce(s, ev);
	pthread_mutex_unlock(&s->lock);
	serve_site_put(s, old);
}

void
serve_fail(struct serve_state *s, char *errors_html)
{
	pthread_mutex_lock(&s->lock);
	if (s->errors != NULL && strcmp(s->errors, errors_html) == 0) {
		free(errors_html);
	} else {
		free(s->errors);
		s->errors = errors_html;
		announce(s, SERVE_EV_RELOAD);
	}
	pthread_mutex_unlock(&s->lock);
}

void
serve_stop(struct serve_state *s)
{
	pthread_mutex_lock(&s->lock);
	s->stopping = true;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}
