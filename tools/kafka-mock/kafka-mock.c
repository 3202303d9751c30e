/*
 * kafka-mock: serves the Kafka wire protocol from librdkafka's mock cluster so tests can run a
 * real, independent protocol implementation without a JVM or Docker.
 *
 * Prints "BOOTSTRAP host:port[,host:port...]" once the cluster is ready, then answers one command
 * per stdin line with "OK" or "ERR <reason>":
 *   down <brokerId>             broker refuses connections (ports are kept)
 *   up <brokerId>               broker accepts connections again
 *   topic <name> <partitions>   creates a topic (the mock does not answer CreateTopics)
 * Exits on EOF of stdin, SIGTERM or SIGINT.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#define MAX_TOPICS 4096
#define LINE_MAX_LEN 1024

static volatile sig_atomic_t stop_requested = 0;

static void on_signal(int sig) {
        (void)sig;
        stop_requested = 1;
}

static void usage(const char *argv0) {
        fprintf(stderr,
                "usage: %s [--brokers N] [--partitions P] [--topic NAME]... "
                "[--topics-file PATH]\n",
                argv0);
}

static char *trim(char *s) {
        char *end;
        while (*s == ' ' || *s == '\t')
                s++;
        end = s + strlen(s);
        while (end > s && (end[-1] == '\n' || end[-1] == '\r' ||
                           end[-1] == ' ' || end[-1] == '\t'))
                *--end = '\0';
        return s;
}

static int parse_int(const char *s, int min, int *out) {
        char *end;
        long v;
        errno = 0;
        v     = strtol(s, &end, 10);
        if (errno || end == s || *end != '\0' || v < min || v > 100000)
                return -1;
        *out = (int)v;
        return 0;
}

static int add_topics_file(const char *path, char **topics, int *topic_cnt) {
        char line[LINE_MAX_LEN];
        FILE *fp = fopen(path, "r");
        if (!fp) {
                fprintf(stderr, "kafka-mock: cannot open %s: %s\n", path,
                        strerror(errno));
                return -1;
        }
        while (fgets(line, sizeof(line), fp)) {
                char *name = trim(line);
                if (!*name || *name == '#')
                        continue;
                if (*topic_cnt >= MAX_TOPICS) {
                        fprintf(stderr, "kafka-mock: too many topics\n");
                        fclose(fp);
                        return -1;
                }
                topics[(*topic_cnt)++] = strdup(name);
        }
        fclose(fp);
        return 0;
}

/* Runs one stdin command; writes the answer line to stdout. */
static void run_command(rd_kafka_mock_cluster_t *mcluster, char *line,
                        int broker_cnt) {
        char *cmd = strtok(line, " \t");
        char *arg1, *arg2;
        int id, partitions;
        rd_kafka_resp_err_t err;

        if (!cmd) {
                printf("ERR empty command\n");
                return;
        }
        arg1 = strtok(NULL, " \t");
        arg2 = strtok(NULL, " \t");

        if (!strcmp(cmd, "down") || !strcmp(cmd, "up")) {
                if (!arg1 || arg2 || parse_int(arg1, 1, &id) ||
                    id > broker_cnt) {
                        printf("ERR usage: %s <brokerId 1..%d>\n", cmd,
                               broker_cnt);
                        return;
                }
                err = !strcmp(cmd, "down")
                          ? rd_kafka_mock_broker_set_down(mcluster, id)
                          : rd_kafka_mock_broker_set_up(mcluster, id);
        } else if (!strcmp(cmd, "topic")) {
                if (!arg1 || !arg2 || parse_int(arg2, 1, &partitions)) {
                        printf("ERR usage: topic <name> <partitions>\n");
                        return;
                }
                err = rd_kafka_mock_topic_create(mcluster, arg1, partitions,
                                                 1);
        } else {
                printf("ERR unknown command %s\n", cmd);
                return;
        }

        if (err)
                printf("ERR %s\n", rd_kafka_err2str(err));
        else
                printf("OK\n");
}

int main(int argc, char **argv) {
        static char *topics[MAX_TOPICS];
        int topic_cnt = 0, broker_cnt = 1, partitions = 3, i;
        char errstr[512], line[LINE_MAX_LEN];
        size_t line_len = 0;
        rd_kafka_conf_t *conf;
        rd_kafka_t *rk;
        rd_kafka_mock_cluster_t *mcluster;
        struct sigaction sa;

        for (i = 1; i < argc; i++) {
                const char *opt   = argv[i];
                const char *value = i + 1 < argc ? argv[i + 1] : NULL;
                if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
                        usage(argv[0]);
                        return 0;
                }
                if (!value) {
                        usage(argv[0]);
                        return 2;
                }
                i++;
                if (!strcmp(opt, "--brokers")) {
                        if (parse_int(value, 1, &broker_cnt)) {
                                fprintf(stderr, "kafka-mock: bad --brokers\n");
                                return 2;
                        }
                } else if (!strcmp(opt, "--partitions")) {
                        if (parse_int(value, 1, &partitions)) {
                                fprintf(stderr,
                                        "kafka-mock: bad --partitions\n");
                                return 2;
                        }
                } else if (!strcmp(opt, "--topic")) {
                        if (topic_cnt >= MAX_TOPICS) {
                                fprintf(stderr, "kafka-mock: too many topics\n");
                                return 2;
                        }
                        topics[topic_cnt++] = strdup(value);
                } else if (!strcmp(opt, "--topics-file")) {
                        if (add_topics_file(value, topics, &topic_cnt))
                                return 2;
                } else {
                        usage(argv[0]);
                        return 2;
                }
        }

        /* No SA_RESTART: a signal interrupts poll() so the loop sees it. */
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGINT, &sa, NULL);
        signal(SIGPIPE, SIG_IGN);

        /* The mock cluster needs an rd_kafka_t for its bookkeeping; this one
         * never connects anywhere. Its logs stay quiet unless errors. */
        conf = rd_kafka_conf_new();
        if (rd_kafka_conf_set(conf, "log_level", "3", errstr,
                              sizeof(errstr)) != RD_KAFKA_CONF_OK) {
                fprintf(stderr, "kafka-mock: %s\n", errstr);
                return 1;
        }
        rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!rk) {
                fprintf(stderr, "kafka-mock: rd_kafka_new: %s\n", errstr);
                return 1;
        }

        mcluster = rd_kafka_mock_cluster_new(rk, broker_cnt);
        if (!mcluster) {
                fprintf(stderr, "kafka-mock: cannot create mock cluster\n");
                rd_kafka_destroy(rk);
                return 1;
        }

        for (i = 0; i < topic_cnt; i++) {
                rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(
                    mcluster, topics[i], partitions, 1);
                if (err) {
                        fprintf(stderr, "kafka-mock: topic %s: %s\n", topics[i],
                                rd_kafka_err2str(err));
                        rd_kafka_mock_cluster_destroy(mcluster);
                        rd_kafka_destroy(rk);
                        return 1;
                }
        }

        printf("BOOTSTRAP %s\n", rd_kafka_mock_cluster_bootstraps(mcluster));
        fflush(stdout);

        while (!stop_requested) {
                struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
                ssize_t n;
                int r = poll(&pfd, 1, 1000);
                if (r < 0) {
                        if (errno == EINTR)
                                continue;
                        break;
                }
                if (r == 0)
                        continue;

                n = read(STDIN_FILENO, line + line_len,
                         sizeof(line) - 1 - line_len);
                if (n < 0) {
                        if (errno == EINTR)
                                continue;
                        break;
                }
                if (n == 0)
                        break; /* EOF: the parent went away. */
                line_len += (size_t)n;
                line[line_len] = '\0';

                /* Answer every complete line in the buffer. */
                for (;;) {
                        char *nl = memchr(line, '\n', line_len);
                        size_t consumed;
                        if (!nl)
                                break;
                        *nl      = '\0';
                        consumed = (size_t)(nl - line) + 1;
                        {
                                char *cmd = trim(line);
                                if (*cmd)
                                        run_command(mcluster, cmd, broker_cnt);
                                else
                                        printf("ERR empty command\n");
                                fflush(stdout);
                        }
                        memmove(line, line + consumed, line_len - consumed);
                        line_len -= consumed;
                        line[line_len] = '\0';
                }
                if (line_len == sizeof(line) - 1) {
                        printf("ERR line too long\n");
                        fflush(stdout);
                        line_len = 0;
                }
        }

        rd_kafka_mock_cluster_destroy(mcluster);
        rd_kafka_destroy(rk);
        for (i = 0; i < topic_cnt; i++)
                free(topics[i]);
        return 0;
}
