/* Saved inputs as the replay driver and the tools read and write them: encoded messages, or
 * readable .textproto files that protoc encodes (see mlf_textproto.c). */
#ifndef MLF_TEXTPROTO_H
#define MLF_TEXTPROTO_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <protobuf-c/protobuf-c.h>

/* 1 when path names a text-format file (.textproto or .txtpb). */
int mlf_is_textproto(const char *path);
/* Reads the input in path: its bytes, or for a text-format file its encoding as a message of
 * type (protoc --encode). NULL after saying why on stderr (prefixed by who). Free with free. */
uint8_t *mlf_input_read(const char *who, const char *path, const ProtobufCMessageDescriptor *type,
                        size_t *size);
/* Writes msg in text format, headed by a comment naming its type and origin; protoc --encode
 * turns it back into the same message. */
void mlf_textproto_write(FILE *out, const ProtobufCMessage *msg, const char *origin);
/* --export / --encode DIR FILE... (argv[0] = DIR): each input read as the fuzzers read it
 * (unknown fields dropped) and written as DIR/<name>.textproto (to_text) or DIR/<name>.bin;
 * DIR "-" is standard output. Exit status 0, or 2 when an input is unusable. */
int mlf_textproto_convert_main(const char *who, const ProtobufCMessageDescriptor *type, int to_text,
                               int argc, char **argv);
#endif
