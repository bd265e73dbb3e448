//! /system/post/view/:id: one post, read-only.
import React from 'react';
import PostForm from './components/PostForm';

const PostView: React.FC = () => <PostForm mode="view" />;

export default PostView;
